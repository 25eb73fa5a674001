import { afterEach, describe, expect, it, vi } from 'vitest';
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
