import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';
import type { LxdApi } from '../support/lxd-api';

interface Pool {
  name: string;
  driver: string;
  description: string;
  config: Record<string, string>;
  used_by: string[] | null;
}

async function poolExists(lxd: LxdApi, name: string): Promise<boolean> {
  return lxd
    .get<string[]>('/1.0/storage-pools')
    .then((urls) => urls.some((url) => url === `/1.0/storage-pools/${name}`));
}

async function createPool(lxd: LxdApi, name: string, description = '') {
  await lxd.run('POST', '/1.0/storage-pools', { name, driver: 'dir', description, config: {} });
}

/** Deletes a pool and its custom volumes; a missing pool is fine. */
async function removePool(lxd: LxdApi, name: string) {
  if (!(await poolExists(lxd, name))) return;
  const volumes = await lxd.get<string[]>(`/1.0/storage-pools/${name}/volumes/custom`);
  for (const url of volumes) await lxd.run('DELETE', url);
  await lxd.run('DELETE', `/1.0/storage-pools/${name}`);
}

async function expectNoSeriousViolations(page: Page, path: string) {
  const serious = await seriousViolations(page, path);
  expect(serious).toEqual([]);
}

test('create a dir pool through the form, see it listed as Directory, try a rename, delete it', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('sp');
  try {
    await page.goto('/ui/project/default/storage/pools');
    await expect(page.getByRole('heading', { name: 'Storage pools', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Create pool' }).click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/storage\/pools\/create$/);

    const driver = page.getByRole('combobox', { name: 'Driver' });
    await expect(driver).toHaveValue('dir');
    await expect(driver.getByRole('option', { name: /^Directory \(version .+\)$/ })).toHaveCount(1);
    // dir takes a source (left empty: LXD picks a directory) and no size.
    await expect(page.getByRole('textbox', { name: 'Source' })).toBeEmpty();
    await expect(page.getByRole('textbox', { name: 'Size' })).toHaveCount(0);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('Made by the e2e test');
    await page.getByRole('button', { name: 'Create pool' }).click();

    await expect(page).toHaveURL(new RegExp(`/ui/project/default/storage/pool/${name}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const created = await lxd.get<Pool>(`/1.0/storage-pools/${name}`);
    expect(created.driver).toBe('dir');
    expect(created.description).toBe('Made by the e2e test');
    expect(created.config.source).toContain(name);
    await expect(
      page.getByText(created.config.source ?? '', { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole('meter', { name: /^Space used: / })).toBeVisible();

    await page.goto(`/ui/project/default/storage/pools?search=${name}`);
    const row = page.getByRole('row', { name });
    await expect(row).toContainText('Directory');
    await expect(row).toContainText('Created');
    await expect(row.getByRole('meter')).toBeVisible();
    await page.goto('/ui/project/default/storage/pools?driver=dir');
    await expect(page.getByRole('row', { name })).toBeVisible();

    // Rename: the console sends POST {name}; LXD does not implement renaming pools.
    await page.goto(`/ui/project/default/storage/pool/${name}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename storage pool' });
    await dialog.getByLabel('New name').fill('default');
    await expect(dialog.getByText('A storage pool with this name already exists')).toBeVisible();
    await dialog.getByLabel('New name').fill(`${name}-x`);
    const rename = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().endsWith(`/1.0/storage-pools/${name}`),
    );
    await dialog.getByRole('button', { name: 'Rename' }).click();
    expect((await rename).postDataJSON()).toEqual({ name: `${name}-x` });
    await expect(dialog.getByRole('alert')).toContainText(
      'This LXD server cannot rename storage pools',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await poolExists(lxd, name)).toBe(true);

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete storage pool' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/storage\/pools$/);
    expect(await poolExists(lxd, name)).toBe(false);
  } finally {
    await removePool(lxd, name);
  }
});

test('a taken name shows the duplicate-pool message and nothing is sent', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/1.0/storage-pools')) {
      posts.push(request.url());
    }
  });
  await page.goto('/ui/project/default/storage/pools/create');
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('default');
  await expect(page.getByText('A storage pool with this name already exists')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create pool' }).click();
  await expect(name).toBeFocused();
  expect(posts).toEqual([]);
});

test('a pool in use refuses deletion and says by what', async ({ page, lxd }) => {
  const name = uniqueName('spuse');
  const volume = uniqueName('vol');
  await createPool(lxd, name);
  try {
    await lxd.run('POST', `/1.0/storage-pools/${name}/volumes/custom`, {
      name: volume,
      config: {},
    });
    await page.goto(`/ui/project/default/storage/pool/${name}`);
    const reason = `This storage pool is used by 1 volume (${volume}). Remove them from it before deleting it.`;
    const remove = page.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute('title', reason);
    await expect(page.getByRole('note')).toHaveText(reason);
    await expect(
      page.getByRole('region', { name: 'Volumes' }).getByRole('link', { name: volume }),
    ).toHaveAttribute('href', `/ui/project/default/storage/pool/${name}/volumes/custom/${volume}`);
    expect(await poolExists(lxd, name)).toBe(true);

    await page.goto('/ui/project/default/storage/pools');
    await expect(page.getByRole('row', { name }).getByRole('cell').last()).toHaveText('1');
  } finally {
    await removePool(lxd, name);
  }
});

test('edit a pool’s description; YAML mode points at the line of a mistake', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('spedit');
  await createPool(lxd, name, 'before');
  try {
    await page.goto(`/ui/project/default/storage/pool/${name}/configuration`);
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue('before');
    await expect(page.getByRole('textbox', { name: 'Source' })).toBeDisabled();
    await description.fill('after');
    const patch = page.waitForRequest(
      (request) =>
        request.method() === 'PATCH' && request.url().endsWith(`/1.0/storage-pools/${name}`),
    );
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    const body = (await patch).postDataJSON() as Pool;
    expect(body.description).toBe('after');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await expect
      .poll(async () => (await lxd.get<Pool>(`/1.0/storage-pools/${name}`)).description)
      .toBe('after');

    // The sections are in the address (spec: /storage/pool/{name}[/{activeTab}[/{section}]]).
    const sections = page.getByRole('navigation', { name: 'Storage pool configuration sections' });
    await sections.getByRole('button', { name: 'YAML configuration' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/ui/project/default/storage/pool/${name}/configuration/yaml$`),
    );
    const editor = page.getByRole('textbox', { name: 'Storage pool YAML' });
    await expect(editor).toContainText('description: after');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('description: fine\nconfig: [unclosed\n');
    await sections.getByRole('button', { name: 'Main configuration' }).click();
    await expect(page.getByRole('alert')).toContainText(/^Line \d+, column \d+: /);
    await expect(sections.getByRole('button', { name: 'YAML configuration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  } finally {
    await removePool(lxd, name);
  }
});

test('pool screens pass an axe scan', async ({ page, lxd }) => {
  const name = uniqueName('spaxe');
  await createPool(lxd, name, 'Scanned');
  try {
    for (const path of [
      '/ui/project/default/storage/pools',
      '/ui/project/default/storage/pools/create',
      `/ui/project/default/storage/pool/${name}`,
      `/ui/project/default/storage/pool/${name}/configuration`,
      `/ui/project/default/storage/pool/${name}/configuration/yaml`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main .loader')).toHaveCount(0);
      await expectNoSeriousViolations(page, path);
    }
  } finally {
    await removePool(lxd, name);
  }
});
