import { describe, expect, it } from 'vitest';
import {
  CONCURRENCY_KEY,
  concurrencyError,
  readConcurrency,
  type QueueStorage,
} from './concurrency';
import {
  createBulkQueue,
  jobCounts,
  NOT_DONE_MESSAGE,
  type BulkExecutors,
  type BulkJob,
  type OperationWait,
} from './queue';
import { jobSummary } from './summary';

const NOUN = { one: 'instance', other: 'instances' };

function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}
const jobOf = (queue: { getJob(id: string): BulkJob | undefined }, id: string) =>
  defined(queue.getJob(id));

/** Executors whose items end when the test says so; counts what runs at once per server. */
function controlled() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const started: string[] = [];
  const executors: BulkExecutors = {
    'test.op': (params: { name: string; server: string }) => {
      started.push(params.name);
      const now = (running.get(params.server) ?? 0) + 1;
      running.set(params.server, now);
      peak.set(params.server, Math.max(peak.get(params.server) ?? 0, now));
      return new Promise<void>((resolve, reject) => {
        const end = () => running.set(params.server, (running.get(params.server) ?? 1) - 1);
        pending.set(params.name, {
          resolve: () => {
            end();
            resolve();
          },
          reject: (error) => {
            end();
            reject(error);
          },
        });
      });
    },
  };
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  const finish = async (name: string, error?: string) => {
    const entry = pending.get(name);
    if (!entry) throw new Error(`${name} is not running`);
    pending.delete(name);
    if (error) entry.reject(new Error(error));
    else entry.resolve();
    await settle();
  };
  return { executors, pending, peak, started, finish, settle, running };
}

const items = (server: string, count: number, prefix = server || 'page') =>
  Array.from({ length: count }, (_, index) => {
    const name = `${prefix}-${String(index)}`;
    return { kind: 'test.op', label: name, server, params: { name, server } };
  });

function memoryStorage(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe('BulkQueue', () => {
  it('runs at most N items per server while another server runs its own N', async () => {
    const run = controlled();
    const queue = createBulkQueue({ executors: run.executors, limit: 4 });
    queue.enqueue({ title: 'Stop 10', noun: NOUN, verb: 'stopped', items: items('', 10) });
    queue.enqueue({ title: 'Stop 6', noun: NOUN, verb: 'stopped', items: items('incus', 6) });
    await run.settle();
    expect(run.running.get('')).toBe(4);
    expect(run.running.get('incus')).toBe(4);
    // Ending items, one at a time, lets the next ones of the same server start.
    while (run.pending.size > 0) {
      const [name] = [...run.pending.keys()];
      await run.finish(name as string);
      expect(run.running.get('') ?? 0).toBeLessThanOrEqual(4);
      expect(run.running.get('incus') ?? 0).toBeLessThanOrEqual(4);
    }
    expect(run.peak.get('')).toBe(4);
    expect(run.peak.get('incus')).toBe(4);
    expect(run.started).toHaveLength(16);
    const [first, second] = queue.getJobs();
    expect(jobCounts(defined(first)).done).toBe(10);
    expect(jobCounts(defined(second)).done).toBe(6);
  });

  it('applies a new limit to the running queue', async () => {
    const run = controlled();
    const queue = createBulkQueue({ executors: run.executors, limit: 2 });
    queue.enqueue({ title: 'Start 6', noun: NOUN, verb: 'started', items: items('', 6) });
    await run.settle();
    expect(run.running.get('')).toBe(2);
    queue.setConcurrency(5);
    await run.settle();
    expect(run.running.get('')).toBe(5);
    expect(queue.getConcurrency()).toBe(5);
  });

  it('pause starts no new item, resume goes on, and the job ends with its summary', async () => {
    const run = controlled();
    const queue = createBulkQueue({ executors: run.executors, limit: 2 });
    const { id, finished } = queue.enqueue({
      title: 'Stop 5 instances',
      noun: NOUN,
      verb: 'stopped',
      skipped: 1,
      items: items('', 5),
    });
    await run.settle();
    queue.pause(id);
    await run.finish('page-0');
    await run.finish('page-1');
    expect(run.started).toEqual(['page-0', 'page-1']);
    const paused = jobOf(queue, id);
    expect(paused.paused).toBe(true);
    expect(jobCounts(paused)).toMatchObject({ done: 2, queued: 3, running: 0 });
    queue.resume(id);
    await run.settle();
    expect(run.started).toEqual(['page-0', 'page-1', 'page-2', 'page-3']);
    await run.finish('page-2');
    await run.finish('page-3', 'Instance is busy running a "start" operation');
    await run.finish('page-4');
    const job = await finished;
    expect(jobSummary(job)).toBe('4 instances stopped, 1 skipped, 1 failed');
    expect(job.items.find((item) => item.label === 'page-3')).toMatchObject({
      state: 'failed',
      message: 'Instance is busy running a "start" operation',
    });
  });

  it('cancel: queued items are cancelled, running ones finish', async () => {
    const run = controlled();
    const queue = createBulkQueue({ executors: run.executors, limit: 2 });
    const { id, finished } = queue.enqueue({
      title: 'Stop 5',
      noun: NOUN,
      verb: 'stopped',
      items: items('', 5),
    });
    await run.settle();
    queue.cancel(id);
    await run.settle();
    expect(jobCounts(jobOf(queue, id))).toMatchObject({ running: 2, cancelled: 3 });
    await run.finish('page-0');
    await run.finish('page-1');
    expect(run.started).toEqual(['page-0', 'page-1']);
    expect(jobSummary(await finished)).toBe('2 instances stopped, 3 cancelled');
  });

  it('retries the failed items only', async () => {
    const run = controlled();
    const queue = createBulkQueue({ executors: run.executors, limit: 4 });
    const { id, finished } = queue.enqueue({
      title: 'Stop 3',
      noun: NOUN,
      verb: 'stopped',
      items: items('', 3),
    });
    await run.settle();
    await run.finish('page-0');
    await run.finish('page-1', 'Failed to stop');
    await run.finish('page-2');
    await finished;
    const again = queue.finishedPromise(id);
    queue.retry(id);
    await run.settle();
    expect(run.started).toEqual(['page-0', 'page-1', 'page-2', 'page-1']);
    await run.finish('page-1');
    expect(jobSummary(await again)).toBe('3 instances stopped');
  });

  it('a kind nobody runs fails with a message', async () => {
    const queue = createBulkQueue({ executors: {} });
    const { finished } = queue.enqueue({
      title: 'Tag 1',
      noun: NOUN,
      verb: 'tagged',
      items: [{ kind: 'instance.tag', label: 'web', params: {} }],
    });
    const job = await finished;
    expect(job.items[0]).toMatchObject({
      state: 'failed',
      message: 'Nothing runs "instance.tag" here',
    });
  });

  it('a running item shows the step its executor reports, gone once it ends', async () => {
    let proceed: () => void = () => undefined;
    let report: (step: string) => void = () => undefined;
    const queue = createBulkQueue({
      executors: {
        'test.long': (_params: unknown, context) =>
          new Promise<void>((resolve) => {
            report = context.progress;
            context.progress('stopping');
            proceed = resolve;
          }),
      },
    });
    const { id, finished } = queue.enqueue({
      title: 'Migrate 1',
      noun: NOUN,
      verb: 'migrated',
      items: [{ kind: 'test.long', label: 'web', params: {} }],
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(jobOf(queue, id).items[0]).toMatchObject({ state: 'running', step: 'stopping' });
    report('migrating: 45%');
    expect(jobOf(queue, id).items[0]?.step).toBe('migrating: 45%');
    proceed();
    const job = await finished;
    expect(job.items[0]).toMatchObject({ state: 'done', step: undefined });
    // A late report of an ended item changes nothing.
    report('starting');
    expect(jobOf(queue, id).items[0]?.step).toBeUndefined();
  });

  it("an item's place goes to the next one when its last operation ends, not when it is handled", async () => {
    // The wait: the server reports each operation's end (`end`), the outcome follows later
    // (`handle`), as the event stream handles a tracked operation 250 ms after its event.
    const operations = new Map<string, { end: () => void; handle: () => void }>();
    const wait: OperationWait = (id, _project, _remote, options) =>
      new Promise<void>((resolve) => {
        operations.set(id, { end: () => options?.onEnded?.(), handle: resolve });
      });
    const started: string[] = [];
    const queue = createBulkQueue({
      limit: 2,
      wait,
      executors: {
        'test.last': async (params: { name: string; steps: number }, context) => {
          started.push(params.name);
          for (let step = 1; step < params.steps; step += 1)
            await context.wait(`${params.name}-${String(step)}`, 'default');
          await context.waitLast(`${params.name}-last`, 'default');
        },
      },
    });
    const settle = async () => {
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    };
    const op = (id: string) => defined(operations.get(id));
    const { finished } = queue.enqueue({
      title: 'Start 4',
      noun: NOUN,
      verb: 'started',
      items: ['a', 'b', 'c', 'd'].map((name) => ({
        kind: 'test.last',
        label: name,
        params: { name, steps: name === 'a' ? 2 : 1 },
      })),
    });
    await settle();
    expect(started).toEqual(['a', 'b']);
    // An operation that is not the item's last keeps its place, ended or handled.
    op('a-1').end();
    await settle();
    expect(started).toEqual(['a', 'b']);
    op('a-1').handle();
    await settle();
    expect(started).toEqual(['a', 'b']);
    // The last one's end gives the place at once; the item is still running until handled.
    op('b-last').end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.getJobs()[0]?.items[1]?.state).toBe('running');
    op('b-last').handle();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.getJobs()[0]?.items[1]?.state).toBe('done');
    op('a-last').end();
    op('a-last').end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const id of ['a-last', 'c-last', 'd-last']) {
      op(id).end();
      op(id).handle();
    }
    const job = await finished;
    expect(jobCounts(job).done).toBe(4);
  });

  it('after a reload, what was queued or running is not done and can be retried', async () => {
    const storage = memoryStorage();
    const run = controlled();
    const queue = createBulkQueue({
      executors: run.executors,
      limit: 2,
      storage,
      saveEveryMs: 0,
    });
    queue.enqueue({ title: 'Stop 4', noun: NOUN, verb: 'stopped', items: items('', 4) });
    await run.settle();
    await run.finish('page-0');
    queue.flush();

    const after = controlled();
    const reloaded = createBulkQueue({ executors: after.executors, limit: 2, storage });
    const [job] = reloaded.getJobs();
    expect(job?.items.map((item) => [item.label, item.state, item.message])).toEqual([
      ['page-0', 'done', undefined],
      ['page-1', 'not-done', NOT_DONE_MESSAGE],
      ['page-2', 'not-done', NOT_DONE_MESSAGE],
      ['page-3', 'not-done', NOT_DONE_MESSAGE],
    ]);
    expect(after.started).toEqual([]);
    reloaded.retry(defined(job).id);
    await after.settle();
    expect(after.started).toEqual(['page-1', 'page-2']);
  });

  it('clear finished keeps the active jobs', async () => {
    const run = controlled();
    const queue = createBulkQueue({ executors: run.executors, limit: 1 });
    const first = queue.enqueue({
      title: 'A',
      noun: NOUN,
      verb: 'stopped',
      items: items('', 1, 'a'),
    });
    await run.settle();
    await run.finish('a-0');
    await first.finished;
    queue.enqueue({ title: 'B', noun: NOUN, verb: 'stopped', items: items('', 1, 'b') });
    queue.clearFinished();
    expect(queue.getJobs().map((job) => job.title)).toEqual(['B']);
  });
});

describe('the concurrency setting', () => {
  it('accepts whole numbers from 1 to 32 and says why not otherwise', () => {
    expect(concurrencyError('4')).toBeUndefined();
    expect(concurrencyError('1')).toBeUndefined();
    expect(concurrencyError('32')).toBeUndefined();
    expect(concurrencyError('0')).toBe('Enter a number from 1 to 32');
    expect(concurrencyError('33')).toBe('Enter a number from 1 to 32');
    expect(concurrencyError('')).toBe('Enter a number from 1 to 32');
    expect(concurrencyError('2.5')).toBe('Enter a whole number from 1 to 32');
    expect(concurrencyError('four')).toBe('Enter a whole number from 1 to 32');
  });

  it('reads the saved limit, 4 without one or with a bad one', () => {
    const storage = memoryStorage();
    expect(readConcurrency(storage)).toBe(4);
    storage.setItem(CONCURRENCY_KEY, '12');
    expect(readConcurrency(storage)).toBe(12);
    storage.setItem(CONCURRENCY_KEY, '99');
    expect(readConcurrency(storage)).toBe(4);
  });
});
