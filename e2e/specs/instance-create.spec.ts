import { expect, test, uniqueName, INCUS } from '../fixtures';
import { busybox, setEditorText } from '../support/instance-ui';

const CREATE = '/ui/project/default/instances/create';

test(
  'an instance created from busybox through the form runs in LXD',
  INCUS,
  async ({ page, lxd, track }) => {
    const name = track(uniqueName('ct'));
    await page.goto(CREATE);
    await page.getByLabel('Instance name').fill(name);
    await page.getByLabel('Description').fill('made by the create form');
    await page.getByRole('button', { name: 'Browse images' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await expect(picker.getByRole('table', { name: 'Local images' })).toContainText('busybox');
    await picker.getByRole('button', { name: 'Select busybox' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText(/^busybox \(/)).toBeVisible();

    await page.getByRole('button', { name: 'Create and start' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/default/instance/${name}$`), {
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('running', { exact: true })).toBeVisible();

    const created = await lxd.instance(name);
    expect(created.status).toBe('Running');
    expect((created as unknown as { description: string }).description).toBe(
      'made by the create form',
    );
  },
);

test('the name field shows the four name rules', async ({ page, lxd, track }) => {
  const taken = await busybox(lxd, track, uniqueName('taken'));
  await page.goto(CREATE);
  const field = page.getByLabel('Instance name');
  const message = page.getByRole('alert');

  await field.fill('1abc');
  await field.blur();
  await expect(message).toHaveText('Instance name must start with a letter');
  await field.fill('bad_name');
  await expect(message).toHaveText('Only alphanumeric and hyphen characters are allowed');
  await field.fill('a'.repeat(64));
  await expect(message).toHaveText('Instance name must be between 1 and 63 characters');
  await field.fill('');
  await expect(message).toHaveText('Instance name must be between 1 and 63 characters');
  await field.fill(taken);
  await expect(message).toHaveText('An instance with this name already exists');
  await field.fill(`${taken}x`);
  await expect(message).toHaveCount(0);
});

test('without a root disk from a profile the form asks for one', async ({ page }) => {
  await page.goto(CREATE);
  await page.getByLabel('Instance name').fill(uniqueName('noroot'));
  await page.getByRole('button', { name: 'Remove profile default' }).click();
  await page.getByRole('button', { name: 'Browse images' }).click();
  await page.getByRole('button', { name: 'Select busybox' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Devices' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('An instance needs a root disk')).toBeVisible();
  await page.getByRole('button', { name: 'Add root disk' }).click();
  await expect(page.getByRole('group', { name: 'Root disk' })).toBeVisible();
  await expect(page.getByText('An instance needs a root disk')).toHaveCount(0);
});

test('a disk path and a NIC name must not be empty once touched', async ({ page }) => {
  await page.goto(CREATE);
  await page.getByRole('button', { name: 'Devices' }).click();
  await page.getByRole('button', { name: 'Add disk' }).click();
  const path = page.getByLabel('Path in the instance');
  await path.focus();
  await path.blur();
  await expect(page.getByText('Path must not be empty')).toBeVisible();
  await page.getByRole('button', { name: 'Add network' }).click();
  const nic = page.getByRole('group', { name: /\(nic\)$/ });
  await nic.getByLabel('Name', { exact: true }).fill('');
  await nic.getByLabel('Name', { exact: true }).blur();
  await expect(page.getByText('Name must not be empty')).toBeVisible();
});

test('YAML mode points at the line of a parse error and keeps the text', async ({ page }) => {
  await page.goto(CREATE);
  await page.getByLabel('Instance name').fill('yaml-test');
  await page.getByRole('button', { name: 'YAML configuration' }).click();
  await expect(page.getByRole('textbox', { name: 'YAML configuration' })).toContainText(
    'name: yaml-test',
  );
  await setEditorText(page, 'YAML configuration', 'name: yaml-test\nconfig:\n  a: [1\n');
  await page.getByRole('button', { name: 'Main configuration' }).click();
  await expect(page.getByRole('alert')).toContainText(/^Line \d+, column \d+:/);
  await expect(page.getByRole('button', { name: 'YAML configuration' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await setEditorText(
    page,
    'YAML configuration',
    'name: yaml-ok\ntype: container\nconfig:\n  limits.memory: 128MiB\n',
  );
  await page.getByRole('button', { name: 'Resource limits' }).click();
  await expect(page.getByLabel('Memory limit')).toHaveValue('128MiB');
});

test('virtual machines are offered only when the server has qemu', async ({ page }) => {
  await page.goto(CREATE);
  await expect(page.getByText(/Virtual machines are not available/).first()).toBeVisible();
  await expect(page.getByRole('option', { name: /Virtual machine/ })).toBeDisabled();
});

test('an instance is created from the YAML of the whole request', async ({ page, lxd, track }) => {
  const name = track(uniqueName('yml'));
  await page.goto(CREATE);
  await page.getByRole('button', { name: 'YAML configuration' }).click();
  await setEditorText(
    page,
    'YAML configuration',
    [
      `name: ${name}`,
      'type: container',
      'source:',
      '  type: image',
      '  alias: busybox',
      'profiles:',
      '  - default',
      'config:',
      '  limits.memory: 64MiB',
      '  user.made-by: yaml',
      'devices: {}',
      '',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/instance/${name}$`), { timeout: 30_000 });
  const created = await lxd.instance(name);
  expect(created.status).toBe('Stopped');
  expect(created.config['limits.memory']).toBe('64MiB');
  expect(created.config['user.made-by']).toBe('yaml');
});
