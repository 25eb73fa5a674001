import type { Page } from '@playwright/test';
import { expect, test, uniqueName, INCUS } from '../fixtures';
import { setServerConfig } from '../support/lxd-api';
import { resetServerConfig, seriousViolations, serverConfig } from '../support/settings';

const table = (page: Page) => page.getByRole('table', { name: 'Server settings' });

async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

// Incus spells the key user.ui.title, and its tab title names Incus.
test(
  'user.ui_title edited in the table changes the config and the tab title',
  INCUS,
  async ({ page, lxd, server }) => {
    const key = server === 'incus' ? 'user.ui.title' : 'user.ui_title';
    const product = server === 'incus' ? 'Incus' : 'LXD';
    const title = uniqueName('Lab');
    try {
      await page.goto('/ui/settings');
      await page.getByRole('button', { name: `Edit ${key}` }).click();
      await page.getByRole('textbox', { name: `Value of ${key}` }).fill(title);
      await page.getByRole('button', { name: `Save ${key}` }).click();
      await expect(page).toHaveTitle(`${title} | ${product} UI`);
      expect((await serverConfig(lxd))[key]).toBe(title);
      await expect(table(page).getByText(title, { exact: true })).toBeVisible();
    } finally {
      await resetServerConfig(lxd, { [key]: '' });
    }
  },
);

test('a boolean option is switched off and reset to its default', async ({ page, lxd }) => {
  const key = 'images.auto_update_cached';
  try {
    await page.goto('/ui/settings');
    const toggle = page.getByRole('switch', { name: key });
    await expect(toggle).toBeChecked();
    await toggle.uncheck({ force: true });
    await expect.poll(async () => (await serverConfig(lxd))[key]).toBe('false');
    await expect(toggle).not.toBeChecked();

    await page.getByRole('button', { name: `Reset ${key}` }).click();
    await confirmDialog(page, 'Reset setting', 'Reset');
    await expect.poll(async () => key in (await serverConfig(lxd))).toBe(false);
    await expect(toggle).toBeChecked();
    await expect(page.getByRole('button', { name: `Reset ${key}` })).toHaveCount(0);
  } finally {
    await resetServerConfig(lxd, { [key]: 'true' });
  }
});

test('a number option is validated, saved and reset', async ({ page, lxd }) => {
  const key = 'images.remote_cache_expiry';
  try {
    await page.goto('/ui/settings');
    await page.getByRole('button', { name: `Edit ${key}` }).click();
    const input = page.getByRole('textbox', { name: `Value of ${key}` });
    await input.fill('soon');
    await page.getByRole('button', { name: `Save ${key}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number' })).toBeVisible();
    await expect(input).toHaveValue('soon');
    expect((await serverConfig(lxd))[key]).toBeUndefined();

    await input.fill('7');
    await page.getByRole('button', { name: `Save ${key}` }).click();
    await expect(input).toBeHidden();
    expect((await serverConfig(lxd))[key]).toBe('7');
    const row = table(page).getByRole('row').filter({ hasText: key });
    await expect(row.getByText('7', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Reset ${key}` }).click();
    await confirmDialog(page, 'Reset setting', 'Reset');
    await expect.poll(async () => key in (await serverConfig(lxd))).toBe(false);
    await expect(row.getByText('Not set')).toBeVisible();
  } finally {
    await resetServerConfig(lxd, { [key]: '' });
  }
});

test('a user key is added and deleted', async ({ page, lxd }) => {
  const key = `user.${uniqueName('e2e')}`;
  try {
    await page.goto('/ui/settings');
    await page.getByRole('button', { name: 'Add user key' }).click();
    const form = page.getByRole('form', { name: 'Add a user key' });
    await form.getByRole('textbox', { name: 'Key' }).fill(key);
    await form.getByRole('textbox', { name: 'Value' }).fill('blue');
    await form.getByRole('button', { name: 'Add key' }).click();
    await expect(form).toBeHidden();
    expect((await serverConfig(lxd))[key]).toBe('blue');
    const row = table(page).getByRole('row').filter({ hasText: key });
    await expect(row.getByText('blue', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Delete ${key}` }).click();
    await confirmDialog(page, 'Delete setting', 'Delete');
    await expect.poll(async () => key in (await serverConfig(lxd))).toBe(false);
    await expect(row).toHaveCount(0);
  } finally {
    await resetServerConfig(lxd, { [key]: '' });
  }
});

test('a change made elsewhere while editing is not overwritten silently', async ({ page, lxd }) => {
  const key = `user.${uniqueName('race')}`;
  await setServerConfig(lxd, { [key]: 'first' });
  try {
    await page.goto('/ui/settings');
    await page.getByRole('button', { name: `Edit ${key}` }).click();
    await setServerConfig(lxd, { [key]: 'theirs' });
    await page.getByRole('textbox', { name: `Value of ${key}` }).fill('mine');
    await page.getByRole('button', { name: `Save ${key}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed' })).toContainText(
      'it is now “theirs”',
    );
    expect((await serverConfig(lxd))[key]).toBe('theirs');
    await page.getByRole('button', { name: `Save ${key}` }).click();
    await expect.poll(async () => (await serverConfig(lxd))[key]).toBe('mine');
  } finally {
    await resetServerConfig(lxd, { [key]: '' });
  }
});

test('the search narrows the table to matching settings', async ({ page }) => {
  await page.goto('/ui/settings');
  await page.getByRole('searchbox', { name: 'Search settings' }).fill('remote_cache');
  await expect(page.getByRole('main').getByText(/^1 of \d+ settings$/)).toBeVisible();
  await expect(
    table(page).getByRole('rowheader', { name: 'images.remote_cache_expiry' }),
  ).toBeVisible();
  await expect(table(page).getByRole('rowheader', { name: 'Images', exact: true })).toBeVisible();
});

test('the settings screen passes an axe scan, also while editing', async ({ page }) => {
  await page.goto('/ui/settings');
  await expect(table(page)).toBeVisible();
  expect(await seriousViolations(page, 'settings')).toEqual([]);
  await page.getByRole('button', { name: 'Edit images.remote_cache_expiry' }).click();
  await page.getByRole('textbox', { name: 'Value of images.remote_cache_expiry' }).fill('x');
  await page.getByRole('button', { name: 'Save images.remote_cache_expiry' }).click();
  await page.getByRole('button', { name: 'Add user key' }).click();
  expect(await seriousViolations(page, 'settings editing')).toEqual([]);
});
