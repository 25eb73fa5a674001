/**
 * Enabling clustering cannot be undone, so it runs on the throw-away `e2e2` LXD with its own
 * console server, never on the shared e2e LXD.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalLxd, wipeLocalLxd, type LxdEnv } from '../../scripts/lib/lxd';
import { createConsoleServer, type ConsoleServer } from '../../server/app';
import { expect, test } from '../fixtures';
import { openLxd, seriousViolations } from '../support/settings';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'ui');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let env: LxdEnv | undefined;
let server: ConsoleServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await wipeLocalLxd('e2e2', { quiet: true });
  env = await startLocalLxd('e2e2', { uiDir, quiet: true });
  server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'url', url: env.url, cert: env.adminCert, key: env.adminKey },
  });
  base = (await server.listen()).url.replace(/\/ui\/?$/, '');
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await server?.close();
  await wipeLocalLxd('e2e2', { quiet: true });
});

test('enabling clustering from /ui/server/clustering makes a one-member cluster', async ({
  page,
}) => {
  if (!env) throw new Error('the e2e2 LXD did not start');
  const api = await openLxd(env.url, env.adminCert, env.adminKey);
  try {
    expect((await api.get<{ enabled: boolean }>('/1.0/cluster')).enabled).toBe(false);
    await page.goto(`${base}/ui/server/clustering`);
    await expect(page.getByRole('heading', { name: 'This server is standalone' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Server', exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Member name' }).fill('node_1');
    await page.getByRole('button', { name: 'Enable clustering' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Only alphanumeric, hyphen and dot characters are allowed',
    );
    await page.getByRole('textbox', { name: 'Member name' }).fill('node1');
    await page.getByRole('button', { name: 'Enable clustering' }).click();

    await expect(page).toHaveURL(/\/ui\/cluster\/members$/, { timeout: 30_000 });
    const cluster = await api.get<{ enabled: boolean; server_name: string }>('/1.0/cluster');
    expect(cluster).toMatchObject({ enabled: true, server_name: 'node1' });

    await expect(nav.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Groups', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Server', exact: true })).toHaveCount(0);
    const members = page.getByRole('table', { name: 'Cluster members' });
    const row = members.getByRole('row').filter({ hasText: 'node1' });
    await expect(row).toContainText('Online');
    expect(await seriousViolations(page, 'cluster members')).toEqual([]);

    await nav.getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(
      page.getByRole('table', { name: 'Cluster groups' }).getByRole('row', { name: /default/ }),
    ).toContainText('node1');
    expect(await seriousViolations(page, 'cluster groups')).toEqual([]);

    await page.goto(`${base}/ui/cluster/member/node1/hardware`);
    await expect(page.getByRole('region', { name: 'CPU' })).toBeVisible();
    expect(await seriousViolations(page, 'cluster member')).toEqual([]);

    // Evacuate, then restore, the member (POST /1.0/cluster/members/node1/state).
    const memberStatus = async () =>
      (await api.get<{ status: string }>('/1.0/cluster/members/node1')).status;
    await page.getByRole('button', { name: 'Evacuate', exact: true }).click();
    const evacuate = page.getByRole('dialog', { name: 'Evacuate node1' });
    await evacuate.getByRole('button', { name: 'Evacuate' }).click();
    await expect(evacuate).toBeHidden({ timeout: 60_000 });
    expect(await memberStatus()).toBe('Evacuated');
    await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    const restore = page.getByRole('dialog', { name: 'Restore node1' });
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(restore).toBeHidden({ timeout: 60_000 });
    expect(await memberStatus()).toBe('Online');
    await expect(page.getByRole('button', { name: 'Evacuate', exact: true })).toBeEnabled();

    // Per-member values: local options are read from the chosen member.
    await page.goto(`${base}/ui/settings`);
    await expect(page.getByRole('combobox', { name: 'Member values' })).toHaveValue('node1');
    await expect(page.getByRole('rowheader', { name: /^cluster\.https_address/ })).toContainText(
      'member node1',
    );
  } finally {
    await api.dispose();
  }
});
