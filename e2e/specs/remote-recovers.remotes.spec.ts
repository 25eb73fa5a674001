/**
 * A remote whose daemon stops (issue #32): a console server of its own fronts the e2e LXD
 * (`local`) and `spare`, a second real LXD this file starts, stops and starts again
 * (scripts/lxd, profile `spare`). While spare is down the fleet's pages say it is unreachable
 * and local's rows keep updating; when spare is back its rows return without a reload, and the
 * activity journal shows the time it was down as a gap.
 */
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  startLocalLxd,
  stateDir,
  stopLocalLxd,
  wipeLocalLxd,
  type LxdEnv,
} from '../../scripts/lib/lxd';
import { createConsoleServer, type ConsoleServer } from '../../server/app';
import { expect, test, uniqueName } from '../fixtures';
import { certs, LXD_URL } from '../support/env';
import { LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';

const SPARE = 'spare';
const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'ui');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let env: LxdEnv | undefined;
let spare: LxdApi | undefined;
let server: ConsoleServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await wipeLocalLxd(SPARE, { quiet: true });
  env = await startLocalLxd(SPARE, { uiDir, quiet: true });
  spare = await LxdApi.openAt(env.url, env.adminCert, env.adminKey);
  const remotesFile = path.join(stateDir(SPARE), 'remotes.json');
  const remotes = { spare: { url: env.url, cert: env.adminCert, key: env.adminKey } };
  writeFileSync(remotesFile, `${JSON.stringify({ remotes }, null, 2)}\n`);
  server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'url', url: LXD_URL, ...certs.admin },
    remotes: remotesFile,
    // The journal hears spare's events too: the time it was down is a gap there (issue #33).
    journal: {
      store: { kind: 'embedded', dir: path.join(stateDir(SPARE), 'console', 'journal') },
      stateDir: path.join(stateDir(SPARE), 'console'),
    },
  });
  base = (await server.listen()).url.replace(/\/ui\/?$/, '');
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await spare?.dispose();
  await server?.close();
  await wipeLocalLxd(SPARE, { quiet: true });
});

test('a remote whose daemon stops shows unreachable while the others keep updating, and recovers without a reload', async ({
  page,
  lxd,
}) => {
  if (!env || !spare) throw new Error('the spare LXD did not start');
  const onSpare = uniqueName('spr');
  const onLocal = uniqueName('spr');
  await spare.createInstance(onSpare);
  await lxd.createInstance(onLocal);
  try {
    await page.goto(`${base}/ui/fleet/instances`);
    const table = page.getByRole('table', { name: 'Instances of every remote' });
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name} `) });
    await expect(row(onSpare)).toContainText('spare');
    await expect(row(onSpare)).toContainText('stopped');
    await expect(row(onLocal)).toContainText('stopped');
    // A marker in the page: it is the same page (no reload) at the end.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await stopLocalLxd(SPARE, { quiet: true });
    const stoppedAt = Date.now();
    const down = page.getByRole('status').filter({ hasText: 'spare is unreachable' });
    await expect(down).toContainText('Its instances are not listed.', { timeout: 45_000 });
    await expect(row(onSpare)).toHaveCount(0);

    // The other remote goes on: a change made while spare is down shows live.
    await lxd.setState(onLocal, 'start');
    await expect(row(onLocal)).toContainText('running', { timeout: 15_000 });
    expect(await seriousViolations(page, 'fleet instances, a remote down')).toEqual([]);

    // Down for 20 s at least: the journal records that time as a gap.
    const rest = 20_000 - (Date.now() - stoppedAt);
    if (rest > 0) await page.waitForTimeout(rest);
    await startLocalLxd(SPARE, { uiDir, quiet: true });
    await expect(row(onSpare)).toContainText('stopped', { timeout: 45_000 });
    await expect(down).toHaveCount(0);
    // Live again through spare's new event stream.
    await spare.setState(onSpare, 'start');
    await expect(row(onSpare)).toContainText('running', { timeout: 15_000 });
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);

    // The activity journal says events of spare may be missing for the time it was down.
    await page.goto(`${base}/ui/activity?remote=spare`);
    const gap = page
      .getByRole('table', { name: 'Activity' })
      .getByRole('row')
      .filter({ hasText: 'events may be missing between' });
    await expect(gap.first()).toBeVisible({ timeout: 15_000 });

    // The fleet screen says the same of spare.
    await page.goto(`${base}/ui/fleet`);
    await expect(
      page.getByRole('table', { name: 'Remotes' }).getByRole('row', { name: 'spare', exact: true }),
    ).toContainText('online');
  } finally {
    await lxd.deleteInstance(onLocal);
    if (await spare.instanceExists(onSpare).catch(() => false)) {
      await spare.deleteInstance(onSpare);
    }
  }
});
