/**
 * The LXD daemon is shut down and started again under an open page (issue 4). `lxd shutdown`
 * stops every container, so this file runs in the `disruptive` project, after all other tests.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startLocalLxd } from '../../scripts/lib/lxd';
import { expect, test, uniqueName } from '../fixtures';
import { E2E_LXD_NAME, STATE_ROOT } from '../support/env';
import { expectNotReloaded, instanceRow, markPage } from '../support/live';

const run = promisify(execFile);

test('the page recovers by itself when the LXD daemon restarts', async ({ page, lxd, track }) => {
  test.setTimeout(180_000);
  const before = track(uniqueName('rst'));
  const after = track(uniqueName('rst'));
  await lxd.createInstance(before);
  await page.goto('/ui/project/default/instances');
  await expect(instanceRow(page, before)).toBeVisible();
  await markPage(page);

  const lxdDir = path.join(STATE_ROOT, E2E_LXD_NAME, 'lxd');
  await run('lxd', ['shutdown'], { env: { ...process.env, LXD_DIR: lxdDir }, timeout: 120_000 });
  // The stream gives up its first round of attempts while the daemon is down.
  await expect(page.getByText('Failed to connect to event api')).toBeVisible({ timeout: 20_000 });
  await startLocalLxd(E2E_LXD_NAME, { quiet: true });

  // Back by itself: the error goes, data is fresh and lifecycle events flow again.
  await expect(page.getByText('Failed to connect to event api')).toBeHidden({ timeout: 90_000 });
  await lxd.createInstance(after);
  await expect(instanceRow(page, after)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNotReloaded(page);
});
