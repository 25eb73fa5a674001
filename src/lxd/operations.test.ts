import { afterEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from './client';
import { operationId, operationWebsocketUrl, waitForOperation } from './operations';
import type { LxdOperation } from './types/operation';

function operation(over: Partial<LxdOperation>): LxdOperation {
  return {
    id: 'op1',
    class: 'task',
    description: 'Starting instance',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    status: 'Success',
    status_code: 200,
    resources: null,
    metadata: null,
    may_cancel: false,
    err: '',
    location: 'none',
    ...over,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return urls;
}

describe('operations', () => {
  it('reads the operation id from the operation URL or metadata.id', () => {
    expect(operationId({ operation: '/1.0/operations/abc-1', metadata: {} })).toBe('abc-1');
    expect(operationId({ operation: undefined, metadata: { id: 'xyz' } })).toBe('xyz');
    expect(() => operationId({ operation: undefined, metadata: {} })).toThrow();
  });

  it('waits on the operation without a timeout', async () => {
    const urls = answer({ type: 'sync', metadata: operation({}) });
    await expect(waitForOperation('op1', { project: 'p' })).resolves.toMatchObject({ id: 'op1' });
    expect(urls[0]).toBe('/1.0/operations/op1/wait?project=p&timeout=-1');
  });

  it('throws the error text of a failed operation', async () => {
    answer({ type: 'sync', metadata: operation({ status: 'Failure', err: 'Failed to start' }) });
    await expect(waitForOperation('op1')).rejects.toThrow('Failed to start');
  });

  it('builds websocket URLs on the page origin', () => {
    expect(operationWebsocketUrl('op1', 's 1', { protocol: 'https:', host: 'h:8443' })).toBe(
      'wss://h:8443/1.0/operations/op1/websocket?secret=s%201',
    );
    expect(operationWebsocketUrl('op1', 's', { protocol: 'http:', host: '127.0.0.1:8407' })).toBe(
      'ws://127.0.0.1:8407/1.0/operations/op1/websocket?secret=s',
    );
  });
});

/** Answers each request by its path (without the query); unknown paths get LXD's 404. */
function route(answers: Record<string, { status: number; body: unknown }>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const found = answers[url.split('?')[0] ?? ''] ?? {
        status: 404,
        body: { type: 'error', error: 'Operation not found', error_code: 404 },
      };
      return Promise.resolve(new Response(JSON.stringify(found.body), { status: found.status }));
    }),
  );
  return urls;
}

const WAIT = '/1.0/operations/op1/wait';
const OPERATION = '/1.0/operations/op1';
const FAILED = operation({
  status: 'Failure',
  status_code: 400,
  err: 'Failed creating instance from image: Image not found',
});
const incusError = (status: number, error: string) => ({
  status,
  body: { type: 'error', status: '', status_code: 0, error_code: status, error, metadata: null },
});

/** The error a wait throws (its class, message and HTTP status when it has one). */
async function thrown(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error('the wait did not throw');
  return {
    name: error.name,
    message: error.message,
    status: error instanceof LxdApiError ? error.status : undefined,
  };
}

describe('a failed operation, LXD and Incus alike', () => {
  const expected = {
    name: 'Error',
    message: 'Failed creating instance from image: Image not found',
    status: undefined,
  };

  it('LXD: the wait answers the operation with status Failure', async () => {
    const urls = route({ [WAIT]: { status: 200, body: { type: 'sync', metadata: FAILED } } });
    expect(await thrown(waitForOperation('op1', { project: 'p' }))).toEqual(expected);
    expect(urls).toEqual(['/1.0/operations/op1/wait?project=p&timeout=-1']);
  });

  it('Incus: the wait answers HTTP 500 with the error text; the operation says it failed', async () => {
    const urls = route({
      [WAIT]: incusError(500, FAILED.err),
      [OPERATION]: { status: 200, body: { type: 'sync', metadata: FAILED } },
    });
    expect(await thrown(waitForOperation('op1', { project: 'p' }))).toEqual(expected);
    expect(urls).toEqual([
      '/1.0/operations/op1/wait?project=p&timeout=-1',
      '/1.0/operations/op1?project=p',
    ]);
  });

  it('Incus: a failure carrying a status (404 here) is not taken for a missing operation', async () => {
    route({
      [WAIT]: incusError(404, FAILED.err),
      [OPERATION]: { status: 200, body: { type: 'sync', metadata: FAILED } },
    });
    expect(await thrown(waitForOperation('op1'))).toEqual(expected);
  });

  it('Incus: takes the text of the operation when the error answer has another', async () => {
    route({
      [WAIT]: incusError(404, 'Not Found'),
      [OPERATION]: {
        status: 200,
        body: { type: 'sync', metadata: operation({ status: 'Failure', err: '' }) },
      },
    });
    expect(await thrown(waitForOperation('op1'))).toEqual({
      ...expected,
      message: 'Operation failure',
    });
  });

  it("keeps the wait's own error when the operation did not fail or cannot be read", async () => {
    route({ [WAIT]: incusError(404, 'Operation not found') });
    const missing = waitForOperation('op1');
    await expect(missing).rejects.toBeInstanceOf(LxdApiError);
    expect(await thrown(missing)).toEqual({
      name: 'LxdApiError',
      message: 'Operation not found',
      status: 404,
    });

    route({
      [WAIT]: incusError(500, 'Failed to connect to cluster member'),
      [OPERATION]: {
        status: 200,
        body: { type: 'sync', metadata: operation({ status: 'Running', status_code: 103 }) },
      },
    });
    expect(await thrown(waitForOperation('op1'))).toEqual({
      name: 'LxdApiError',
      message: 'Failed to connect to cluster member',
      status: 500,
    });
  });

  it('does not ask again after a network failure', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await expect(waitForOperation('op1')).rejects.toThrow('Failed to fetch');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
