import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeClusterMemberState } from './cluster';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function mockLxd(operationStatus = 'Success', err = '') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.includes('/wait')) {
        return Promise.resolve(
          new Response(
            JSON.stringify({ type: 'sync', metadata: { id: 'op1', status: operationStatus, err } }),
          ),
        );
      }
      return Promise.resolve(
        new Response(
          JSON.stringify({
            type: 'async',
            operation: '/1.0/operations/op1',
            metadata: { id: 'op1' },
          }),
          { status: 202 },
        ),
      );
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cluster member state (spec §4, §7)', () => {
  it('posts the action to the member and waits for the operation', async () => {
    const calls = mockLxd();
    await changeClusterMemberState('node 1', 'evacuate');
    expect(calls[0]).toEqual({
      url: '/1.0/cluster/members/node%201/state',
      method: 'POST',
      body: { action: 'evacuate' },
    });
    expect(calls[1]?.url).toBe('/1.0/operations/op1/wait?timeout=-1');
  });

  it('sends the optional mode', async () => {
    const calls = mockLxd();
    await changeClusterMemberState('node1', 'restore', 'skip');
    expect(calls[0]?.body).toEqual({ action: 'restore', mode: 'skip' });
  });

  it('fails with the operation error', async () => {
    mockLxd('Failure', 'Failed to migrate instance');
    await expect(changeClusterMemberState('node1', 'evacuate')).rejects.toThrow(
      'Failed to migrate instance',
    );
  });
});
