/**
 * The command palette, the keyboard map and the recent changes as commands (issue #34), by
 * keyboard only, on the real LXD: Ctrl+K and an instance's name lead to its page, "Start" starts
 * it, a disabled action says why, `?` shows the shortcuts, and the start is listed as
 * `lxc start NAME` with its REST call.
 */
import { expect, test, uniqueName } from '../fixtures';
import { busybox } from '../support/instance-ui';
import { seriousViolations } from '../support/settings';

const PUBLISH_NEEDS_STOP =
  'Stop the instance to create an image from it, or create one from a snapshot';

test('the palette reaches an instance, starts it and shows the command, by keyboard only', async ({
  page,
  lxd,
  track,
}) => {
  test.setTimeout(120_000);
  const name = await busybox(lxd, track, uniqueName('pal'));
  const found: string[] = [];
  await page.goto('/ui/project/default/instances');
  await expect(page.getByRole('heading', { name: 'Instances' })).toBeVisible();

  // Ctrl+K, the instance's name, Enter: its page.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox', { name: 'Search resources, screens and actions' });
  await expect(input).toBeFocused();
  await page.keyboard.type(name);
  const instances = palette.getByRole('group', { name: 'Instances' });
  await expect(instances.getByRole('option', { name })).toHaveAttribute('aria-selected', 'true');
  found.push(...(await seriousViolations(page, 'command palette')));
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/ui/project/default/instance/${name}$`));
  const actions = page.getByRole('group', { name: 'Instance actions' });
  await expect(actions.getByRole('button', { name: 'Start' })).toBeEnabled();

  // Ctrl+K, "Start", Enter: the instance runs in LXD.
  await page.keyboard.press('Control+K');
  await expect(input).toBeFocused();
  await page.keyboard.type('Start');
  const start = palette.getByRole('group', { name: 'Actions' }).getByRole('option', {
    name: 'Start',
    exact: true,
  });
  await expect(start).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect
    .poll(async () => (await lxd.instance(name)).status, { timeout: 30_000 })
    .toBe('Running');
  await expect(actions.getByRole('button', { name: 'Stop' })).toBeEnabled({ timeout: 30_000 });

  // A disabled action says why and does not run.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('create image');
  const publish = palette.getByRole('option', { name: /^Create image/ });
  await expect(publish).toHaveAttribute('aria-disabled', 'true');
  await expect(publish).toHaveAccessibleDescription(PUBLISH_NEEDS_STOP);
  await expect(publish).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeVisible();
  await expect(page.getByRole('dialog', { name: /image/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // `?` outside a text field: the keyboard map.
  await page.keyboard.press('?');
  const map = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(map).toBeVisible();
  await expect(map.getByText('Open the command palette')).toBeVisible();
  found.push(...(await seriousViolations(page, 'keyboard map')));
  await page.keyboard.press('Escape');
  await expect(map).toBeHidden();

  // The start as a command and as its REST call, from the palette.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('recent changes');
  await page.keyboard.press('Enter');
  const commands = page.getByRole('dialog', { name: 'Recent changes as commands' });
  await expect(commands).toBeVisible();
  const newest = commands
    .getByRole('listitem')
    .filter({ hasText: `lxc start ${name}` })
    .first();
  await expect(newest).toContainText(`PUT /1.0/instances/${name}/state?project=default`);
  await expect(newest).toContainText('"action": "start"');
  await expect(newest.getByRole('button', { name: 'Copy command' })).toBeVisible();
  await expect(newest.getByRole('button', { name: 'Copy REST call' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'recent changes as commands')));
  await page.keyboard.press('Escape');
  await expect(commands).toBeHidden();
  expect(found).toEqual([]);
});
