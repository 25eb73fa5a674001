/**
 * Live data against the real LXD (issue 4): the event stream keeps screens true to the server
 * without reloads, operations and warnings show what the server reports, and a restarted daemon
 * is survived (live-data-restart.disruptive.spec.ts: it runs after every other test).
 */
import { expect, test, uniqueName, INCUS } from '../fixtures';
import { expectNotReloaded, instanceRow, markPage } from '../support/live';

interface Warning {
  uuid: string;
  type: string;
  last_message: string;
  status: string;
}

test(
  'an instance created, started and deleted through the API shows up live',
  INCUS,
  async ({ page, lxd, track }) => {
    const name = track(uniqueName('live'));
    await page.goto('/ui/project/default/instances');
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible();
    await markPage(page);

    await lxd.createInstance(name);
    await expect(instanceRow(page, name)).toHaveAccessibleName(`${name} stopped`);
    await lxd.setState(name, 'start');
    await expect(instanceRow(page, name)).toHaveAccessibleName(`${name} running`);
    await lxd.deleteInstance(name);
    await expect(instanceRow(page, name)).toHaveCount(0);
    await expectNotReloaded(page);
  },
);

test(
  'a running operation shows on /ui/operations and in the status bar',
  INCUS,
  async ({ page, lxd, track }) => {
    const name = track(uniqueName('op'));
    await lxd.createInstance(name, { start: true });
    await page.goto('/ui/operations');
    await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();

    const { operation } = await lxd.call('POST', `/1.0/instances/${name}/exec`, {
      command: ['sleep', '20'],
      'wait-for-websocket': false,
      interactive: false,
    });
    const id = operation?.split('/').pop() ?? '';
    const running = page.getByRole('table', { name: 'Running operations' });
    const row = running.getByRole('row', { name: new RegExp(`Executing command ${id}`) });
    await expect(row).toContainText('Running');
    await expect(row.getByRole('link', { name })).toHaveAttribute(
      'href',
      `/ui/project/default/instance/${name}`,
    );
    const countText = /^\d+ operation\(s\) in progress\.\.\.$/;
    await expect(page.getByRole('main').getByText(countText)).toBeVisible();
    await expect(
      page.getByRole('contentinfo', { name: 'Status bar' }).getByRole('link', { name: countText }),
    ).toHaveAttribute('href', '/ui/operations');
  },
);

test('a failing operation shows its error', INCUS, async ({ page, lxd, track }) => {
  const name = track(uniqueName('fail'));
  await lxd.createInstance(name, { start: true });
  await page.goto('/ui/operations');
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();

  // LXD 5.0.2 ends this exec in Failure with "Command not found" (and forgets it 5 s later).
  const { operation } = await lxd.call('POST', `/1.0/instances/${name}/exec`, {
    command: ['no-such-command'],
    'wait-for-websocket': false,
    interactive: false,
  });
  const id = operation?.split('/').pop() ?? '';
  const row = page
    .getByRole('table', { name: 'Failed operations' })
    .getByRole('row', { name: new RegExp(`Executing command ${id}`) });
  await expect(row).toContainText('Failure');
  await expect(row).toContainText('Command not found');
});

test('a running operation is cancelled after confirmation', async ({ page, lxd }) => {
  await page.goto('/ui/operations');
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  // A certificate add token is a running operation that may be cancelled.
  const { metadata } = await lxd.call<{ id: string }>('POST', '/1.0/certificates', {
    name: uniqueName('tok'),
    type: 'client',
    token: true,
  });
  const row = page
    .getByRole('table', { name: 'Running operations' })
    .getByRole('row', { name: new RegExp(metadata.id) });
  await row.getByRole('button', { name: /^Cancel operation/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel operation' });
  await dialog.getByRole('button', { name: 'Cancel operation' }).click();
  await expect(page.getByText('Operation cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  const status = await lxd
    .get<{ status: string }>(`/1.0/operations/${metadata.id}`)
    .then((op) => op.status)
    .catch(() => 'gone');
  expect(['Cancelled', 'gone']).toContain(status);
});

test('a warning of the server shows on /ui/warnings and can be acknowledged', async ({
  page,
  lxd,
}) => {
  // LXD 5.0.2 raises warnings by itself at start here (AppArmor disabled, cgroup controllers).
  let warnings: Warning[] = [];
  await expect
    .poll(async () => (warnings = await lxd.get<Warning[]>('/1.0/warnings?recursion=1')).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const warning = warnings.find((w) => w.status === 'new') ?? warnings[0];
  // No API creates one; a server without any fails this test rather than skipping it.
  if (!warning) throw new Error('LXD raised no warning at start; this test needs one');
  await lxd.call('PUT', `/1.0/warnings/${warning.uuid}`, { status: 'new' });
  try {
    await page.goto('/ui/warnings');
    const table = page.getByRole('table', { name: 'Warnings' });
    const row = table.getByRole('row', { name: new RegExp(`^${warning.type}`) }).first();
    await expect(row).toContainText(warning.last_message);
    await expect(row).toContainText('new');
    await row.getByRole('button', { name: `Acknowledge warning: ${warning.type}` }).click();
    await expect(page.getByText('Warning acknowledged')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await lxd.get<Warning>(`/1.0/warnings/${warning.uuid}`)).status).toBe('acknowledged');
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('acknowledged');
    await expect(
      table.getByRole('row', { name: new RegExp(`^${warning.type}`) }).first(),
    ).toContainText('acknowledged');
  } finally {
    await lxd.call('PUT', `/1.0/warnings/${warning.uuid}`, { status: 'new' });
  }
});
