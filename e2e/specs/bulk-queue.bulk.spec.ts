/**
 * The one bulk queue (issue #34) against the real LXD: a bulk stop of 30 running containers at 4
 * per server never has more than 4 "Stopping instance" operations running in LXD at once (and
 * has 4 at some point), pauses (no new operation for 2 s, the rest stays queued) and resumes; an
 * item that fails for a real reason (its instance was deleted meanwhile) shows LXD's error and
 * is retried once the instance is back; a reload shows what was left undone. The panel and the
 * Settings section are scanned with axe.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { bulkJob, openBulkPanel } from '../support/bulk-queue';
import type { LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';

const COUNT = 30;

// A control that never comes fails the test at once rather than at its 10-minute end.
test.use({ actionTimeout: 30_000 });
const LIMIT = 4;

interface Operation {
  id: string;
  description: string;
  status: string;
  resources: Record<string, string[]> | null;
}

/** Runs `fn` over the items, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/**
 * Polls LXD's running operations every ~100 ms: the "Stopping instance" operations of `names`
 * running at each poll, and the ids of all of them seen.
 */
function watchStops(lxd: LxdApi, names: readonly string[]) {
  const ours = new Set(names.map((name) => `/1.0/instances/${name}`));
  const samples: { at: number; running: number }[] = [];
  const seen = new Set<string>();
  const state = { stopped: false };
  const isOurStop = (op: Operation) =>
    op.description === 'Stopping instance' &&
    (op.resources?.instances ?? []).some((path) => ours.has(path.split('?')[0] ?? path));
  const loop = (async () => {
    while (!state.stopped) {
      const all = await lxd.get<Record<string, Operation[] | undefined>>(
        '/1.0/operations?recursion=1',
      );
      const running = (all.running ?? []).filter(isOurStop);
      for (const op of Object.values(all).flatMap((list) => list ?? [])) {
        if (isOurStop(op)) seen.add(op.id);
      }
      samples.push({ at: Date.now(), running: running.length });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    samples,
    seen,
    max: () => Math.max(0, ...samples.map((sample) => sample.running)),
    stop: async () => {
      state.stopped = true;
      await loop;
    },
  };
}

async function selectAllAndAct(page: Page, prefix: string, action: string) {
  await page.goto(`/ui/project/default/instances?search=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(COUNT, {
    timeout: 30_000,
  });
  await page.getByRole('checkbox', { name: `Select all ${COUNT} shown instances` }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: action, exact: true })
    .click();
}

test('a bulk stop of 30 runs 4 at a time, pauses, resumes, retries a failure', async ({
  page,
  lxd,
  track,
}) => {
  test.setTimeout(600_000);
  const prefix = uniqueName('bq');
  const names = Array.from({ length: COUNT }, (_, index) =>
    track(`${prefix}-${String(index).padStart(2, '0')}`),
  );
  await inParallel(names, 6, (name) => lxd.createInstance(name, { start: true }));

  // The limit, set in Settings (this browser's preference).
  await page.goto('/ui/settings');
  const field = page.getByRole('spinbutton', { name: 'Bulk actions at once per server' });
  await field.fill('40');
  await expect(field).toHaveAccessibleDescription('Enter a number from 1 to 32');
  expect(await seriousViolations(page, 'settings: bulk actions at once')).toEqual([]);
  await field.fill(String(LIMIT));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(field).toHaveAccessibleDescription(`Saved: ${LIMIT} at once per server.`);

  const watch = watchStops(lxd, names);
  try {
    await selectAllAndAct(page, prefix, 'Stop');
    const confirm = page.getByRole('dialog', { name: `Stop ${COUNT} instances` });
    await confirm.getByText('Force stop', { exact: true }).click();
    await confirm.getByRole('button', { name: `Stop ${COUNT} instances`, exact: true }).click();

    const panel = await openBulkPanel(page);
    const job = bulkJob(panel, `Stop ${COUNT} instances`);
    const progress = job.getByRole('progressbar', { name: `Progress of Stop ${COUNT} instances` });
    // Midway: pause.
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 120_000 })
      .toBeGreaterThanOrEqual(8);
    await job.getByRole('button', { name: 'Pause' }).click();
    await expect(job.getByText('Paused')).toBeVisible();
    // What was running finishes; then nothing new starts while paused.
    await expect(job).not.toContainText('running', { timeout: 60_000 });
    const seenAtPause = watch.seen.size;
    const doneAtPause = await progress.getAttribute('aria-valuenow');
    await page.waitForTimeout(2_000);
    expect(watch.seen.size).toBe(seenAtPause);
    await expect(progress).toHaveAttribute('aria-valuenow', doneAtPause ?? '');
    await expect(job).toContainText(/\d+ queued/);
    expect(await seriousViolations(page, 'bulk queue panel (paused)')).toEqual([]);

    // A real failure: one queued instance is deleted through the API before the queue reaches it.
    const statuses = await Promise.all(
      names.map(async (name) => (await lxd.instance(name)).status),
    );
    const victim = [...names].reverse().find((name) => statuses[names.indexOf(name)] === 'Running');
    if (!victim) throw new Error('nothing is left running');
    await lxd.deleteInstance(victim);

    await job.getByRole('button', { name: 'Resume' }).click();
    await expect(job).toContainText(`${COUNT} of ${COUNT} finished: ${COUNT - 1} done, 1 failed`, {
      timeout: 180_000,
    });
    await expect(page.getByText(`${COUNT - 1} instances stopped, 1 failed`)).toBeVisible();
    const failures = job.getByRole('list', { name: `Failures of Stop ${COUNT} instances` });
    await expect(failures.getByRole('listitem')).toHaveText(
      new RegExp(`^${victim} Failed: .*not found`, 'i'),
    );

    await watch.stop();
    expect(watch.max()).toBeLessThanOrEqual(LIMIT);
    expect(watch.max()).toBe(LIMIT);
    for (const name of names.filter((name) => name !== victim)) {
      expect((await lxd.instance(name)).status).toBe('Stopped');
    }

    // Fixed: the instance is back (running); Retry failed stops it.
    await lxd.createInstance(victim, { start: true });
    await job.getByRole('button', { name: 'Retry failed' }).click();
    await expect(job).toContainText(`${COUNT} of ${COUNT} finished: ${COUNT} done`, {
      timeout: 60_000,
    });
    expect((await lxd.instance(victim)).status).toBe('Stopped');
  } finally {
    await watch.stop();
  }
});

test('a reload shows what the queue left undone', async ({ page, lxd, track }) => {
  test.setTimeout(600_000);
  const prefix = uniqueName('bqr');
  const names = Array.from({ length: COUNT }, (_, index) =>
    track(`${prefix}-${String(index).padStart(2, '0')}`),
  );
  await inParallel(names, 6, (name) => lxd.createInstance(name));
  await page.goto('/ui/settings');
  await page.getByRole('spinbutton', { name: 'Bulk actions at once per server' }).fill('2');
  await page.getByRole('button', { name: 'Apply' }).click();

  await selectAllAndAct(page, prefix, 'Start');
  await page
    .getByRole('dialog', { name: `Start ${COUNT} instances` })
    .getByRole('button', { name: `Start ${COUNT} instances`, exact: true })
    .click();
  const panel = await openBulkPanel(page);
  const job = bulkJob(panel, `Start ${COUNT} instances`);
  await expect(job).toContainText(/finished: [1-9]\d* done/, { timeout: 60_000 });

  await page.reload();
  const after = await openBulkPanel(page);
  const left = after.getByRole('listitem', { name: `Start ${COUNT} instances` });
  await expect(left).toContainText(/\d+ not done/);
  await expect(
    left.getByRole('list', { name: `Failures of Start ${COUNT} instances` }),
  ).toContainText('Not done: the page was reloaded');
  // Nothing runs after the reload: what is not done stays so.
  const stoppedNow = (
    await Promise.all(names.map(async (name) => (await lxd.instance(name)).status))
  ).filter((status) => status === 'Stopped').length;
  expect(stoppedNow).toBeGreaterThan(0);
  await left.getByRole('button', { name: 'Retry failed' }).click();
  await expect(left).toContainText(`${COUNT} of ${COUNT} finished: ${COUNT} done`, {
    timeout: 180_000,
  });
  for (const name of names) expect((await lxd.instance(name)).status).toBe('Running');
});
