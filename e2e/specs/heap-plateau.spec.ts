/**
 * The page's memory under a long event stream is a plateau, not a leak: with the instance list
 * and an instance page open, the JavaScript data in each page's heap (after a GC, compiled code
 * apart: V8 keeps optimising the event paths for a while) after 1,000 lifecycle events is within
 * 5 % of what it was after the first 200.
 */
import type { CDPSession } from '@playwright/test';
import { heapSplit } from '../../scripts/lib/heap';
import { expect, test, uniqueName } from '../fixtures';
import type { LxdApi } from '../support/lxd-api';
import { instanceRow } from '../support/live';

/** Instances changed at the same time (LXD 5.0 takes ~0.3 s a change, one per instance). */
const WRITERS = 8;
/** Descriptions without digits, one after the other. */
const WORDS = ['plateau alpha', 'plateau bravo', 'plateau charlie'];

/** `count` description changes (one instance-updated event each), `WRITERS` at a time. */
async function changeDescriptions(lxd: LxdApi, names: string[], count: number, from: number) {
  let next = 0;
  const writer = async (name: string) => {
    while (next < count) {
      const i = from + next;
      next += 1;
      await lxd.call('PATCH', `/1.0/instances/${name}?project=default`, {
        description: WORDS[i % WORDS.length],
      });
    }
  };
  await Promise.all(names.map(writer));
}

async function dataBytes(sessions: CDPSession[]): Promise<number[]> {
  const splits = [];
  for (const session of sessions) splits.push(await heapSplit(session));
  return splits.map((split) => split.data);
}

test('the heap holds a plateau over 1,000 lifecycle events with the list and an instance page open', async ({
  page,
  context,
  lxd,
  track,
}) => {
  test.setTimeout(300_000);
  const names = Array.from({ length: WRITERS }, (_, i) => track(uniqueName(`heap${String(i)}`)));
  await Promise.all(names.map((name) => lxd.createInstance(name)));
  const [first = '', last = ''] = [names[0], names.at(-1)];

  await page.goto('/ui/project/default/instances');
  await expect(instanceRow(page, last)).toBeVisible();
  const detail = await context.newPage();
  await detail.goto(`/ui/project/default/instance/${first}`);
  await expect(detail.getByRole('heading', { level: 1, name: first })).toBeVisible();
  const sessions = [await context.newCDPSession(page), await context.newCDPSession(detail)];

  /** Waits until the list shows the first instance's description as LXD has it now. */
  const applied = async () => {
    const { metadata } = await lxd.call<{ description: string }>(
      'GET',
      `/1.0/instances/${first}?project=default`,
    );
    await expect(instanceRow(page, first)).toContainText(metadata.description);
  };

  await changeDescriptions(lxd, names, 200, 0);
  await applied();
  const before = await dataBytes(sessions);

  await changeDescriptions(lxd, names, 800, 200);
  await applied();
  const after = await dataBytes(sessions);

  for (const [index, label] of ['instance list', 'instance page'].entries()) {
    const growth = ((after[index] ?? 0) - (before[index] ?? 0)) / (before[index] ?? 1);
    test.info().annotations.push({
      type: 'heap',
      description: `${label}: ${String(before[index])} → ${String(after[index])} bytes of data (${(growth * 100).toFixed(1)} %)`,
    });
    expect(growth, `${label} data grew ${(growth * 100).toFixed(1)} %`).toBeLessThanOrEqual(0.05);
  }
});
