import { expect, test, uniqueName } from '../fixtures';
import { busybox, instanceConfig, setEditorText } from '../support/instance-ui';

const config = (name: string, section = '') =>
  `/ui/project/default/instance/${name}/configuration${section ? `/${section}` : ''}`;

test('limits.memory saved through the form shows in LXD', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('cfg'));
  await page.goto(config(name, 'limits'));
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await page.getByLabel('Memory limit').fill('256MiB');
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  await expect.poll(async () => (await instanceConfig(lxd, name))['limits.memory']).toBe('256MiB');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  // Inherited values are shown beside the fields.
  await page.getByRole('button', { name: 'Devices' }).click();
  await expect(page.getByRole('table', { name: 'Devices from profiles' })).toContainText(
    'profile default',
  );
});

test('limits.memory saved through YAML mode shows in LXD', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('yml'));
  await page.goto(config(name, 'yaml'));
  const editor = page.getByRole('textbox', { name: 'YAML configuration' });
  await expect(editor).toContainText('volatile.');
  const current = await instanceConfig(lxd, name);
  const lines = Object.entries({ ...current, 'limits.memory': '192MiB' })
    .map(([key, value]) => `  ${key}: ${JSON.stringify(value)}`)
    .join('\n');
  await setEditorText(
    page,
    'YAML configuration',
    `description: via yaml\nprofiles:\n  - default\nconfig:\n${lines}\ndevices: {}\n`,
  );
  await page.getByRole('button', { name: /^Save \d+ changes?$/ }).click();
  await expect.poll(async () => (await instanceConfig(lxd, name))['limits.memory']).toBe('192MiB');
  const saved = await lxd.get<{ description: string }>(`/1.0/instances/${name}`);
  expect(saved.description).toBe('via yaml');
});

test('a change made elsewhere is reported and the edits are kept', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('etag'));
  await page.goto(config(name, 'limits'));
  await page.getByLabel('Exposed CPUs').fill('1');
  const current = await lxd.get<{ config: Record<string, string> }>(`/1.0/instances/${name}`);
  await lxd.call('PATCH', `/1.0/instances/${name}`, {
    config: { ...current.config, 'user.other': 'client' },
  });
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Someone else changed this instance')).toBeVisible();
  await expect(page.getByLabel('Exposed CPUs')).toHaveValue('1');
  expect((await instanceConfig(lxd, name))['limits.cpu']).toBeUndefined();
});
