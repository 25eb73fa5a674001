import { parse } from 'yaml';
import { expect, test, uniqueName } from '../fixtures';
import { busybox, instanceConfig, setEditorText } from '../support/instance-ui';
import { seriousViolations } from '../support/settings';

const CREATE = '/ui/project/default/instances/create';
const ED25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINJyC6kbm8kuokL/bk2yTAJ6z8hDQx2g86hExNv+z8bH me@laptop';

test('cloud-init user data, an SSH key and a user property reach LXD on create', async ({
  page,
  lxd,
  track,
}) => {
  const name = track(uniqueName('ci'));
  const server = await lxd.get<{ api_extensions: string[] }>('/1.0');
  const separateKeys = server.api_extensions.includes('cloud_init_ssh_keys');

  await page.goto(CREATE);
  await page.getByLabel('Instance name').fill(name);
  await page.getByRole('button', { name: 'Browse images' }).click();
  await page.getByRole('button', { name: 'Select busybox' }).click();

  await page.getByRole('button', { name: 'Cloud-init' }).click();
  await setEditorText(page, 'Cloud-init user data', '#cloud-config\npackages: [htop\n');
  await expect(page.getByRole('region', { name: 'User data' }).getByRole('alert')).toContainText(
    /^Line \d+, column \d+:/,
  );
  await setEditorText(page, 'Cloud-init user data', '#cloud-config\npackages:\n  - htop\n');
  await expect(page.getByRole('region', { name: 'User data' }).getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(separateKeys ? /LXD adds it/ : /lacks the/)).toBeVisible();
  await page.getByLabel('Key name').fill('laptop');
  await page.getByLabel('Public key').fill('ssh-ed25519 AAAAnotakey');
  await page.getByRole('button', { name: 'Add SSH key' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "The key's data is not valid base64 for its type",
  );
  await page.getByLabel('Public key').fill(ED25519);
  await page.getByRole('button', { name: 'Add SSH key' }).click();
  await expect(page.getByRole('list', { name: 'SSH keys' })).toContainText('laptop for root');
  expect(await seriousViolations(page, 'create/Cloud-init with a key')).toEqual([]);

  await page.getByRole('button', { name: 'User properties' }).click();
  await page.getByLabel('Key', { exact: true }).fill('my key');
  await page.getByRole('button', { name: 'Add user property' }).click();
  await expect(page.getByRole('alert')).toHaveText('A key must not contain spaces');
  await page.getByLabel('Key', { exact: true }).fill('owner');
  await page.getByLabel('Value', { exact: true }).fill('e2e');
  await page.getByRole('button', { name: 'Add user property' }).click();
  await expect(page.getByRole('textbox', { name: 'Value of user.owner' })).toHaveValue('e2e');
  expect(await seriousViolations(page, 'create/User properties')).toEqual([]);

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/instance/${name}$`), { timeout: 30_000 });

  const config = await instanceConfig(lxd, name);
  expect(config['user.owner']).toBe('e2e');
  const userData = parse(config['cloud-init.user-data'] ?? '') as {
    packages: string[];
    users?: unknown[];
  };
  expect(userData.packages).toEqual(['htop']);
  if (separateKeys) {
    expect(config['cloud-init.ssh-keys.laptop']).toBe(`root:${ED25519}`);
  } else {
    // LXD 5.0 has no cloud-init.ssh-keys.*: the key is in user-data, as LXD would merge it.
    expect(Object.keys(config).filter((key) => key.startsWith('cloud-init.ssh-keys.'))).toEqual([]);
    expect(userData.users).toEqual(['default', { name: 'root', ssh_authorized_keys: [ED25519] }]);
  }
});

test('a user property is edited, added and removed on the configuration tab', async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('usr'));
  const current = await instanceConfig(lxd, name);
  await lxd.call('PATCH', `/1.0/instances/${name}`, {
    config: { ...current, 'user.owner': 'ops', 'user.team': 'web' },
  });
  await page.goto(`/ui/project/default/instance/${name}/configuration/user-properties`);
  const table = page.getByRole('table', { name: 'User properties' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Value of user.owner' }).fill('dev');
  await page.getByRole('button', { name: 'Remove user.team' }).click();
  await page.getByLabel('Key', { exact: true }).fill('owner');
  await page.getByRole('button', { name: 'Add user property' }).click();
  await expect(page.getByRole('alert')).toHaveText('A user property user.owner already exists');
  await page.getByLabel('Key', { exact: true }).fill('backup');
  await page.getByLabel('Value', { exact: true }).fill('nightly');
  await page.getByRole('button', { name: 'Add user property' }).click();
  await page.getByRole('button', { name: 'Save 3 changes' }).click();
  await expect
    .poll(async () => {
      const config = await instanceConfig(lxd, name);
      return Object.fromEntries(Object.entries(config).filter(([key]) => key.startsWith('user.')));
    })
    .toEqual({ 'user.owner': 'dev', 'user.backup': 'nightly' });
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Value of user.backup' })).toHaveValue('nightly');
});
