import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClusterGroup,
  deleteClusterGroup,
  fetchClusterGroup,
  memberStateBody,
  renameClusterGroup,
  startClusterMemberStateChange,
  updateClusterGroup,
  updateClusterMember,
} from './cluster';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers every request as LXD starts an operation. */
function mockLxd() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
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

describe('cluster member state', () => {
  it('posts the action to the member and returns the operation to follow', async () => {
    const calls = mockLxd();
    await expect(startClusterMemberStateChange('node 1', 'evacuate')).resolves.toBe('op1');
    expect(calls).toEqual([
      { url: '/1.0/cluster/members/node%201/state', method: 'POST', body: { action: 'evacuate' } },
    ]);
  });

  it('sends the optional mode', async () => {
    const calls = mockLxd();
    await startClusterMemberStateChange('node1', 'restore', 'skip');
    expect(calls[0]?.body).toEqual({ action: 'restore', mode: 'skip' });
  });
});

describe('cluster member and group requests', () => {
  function record(status = 200, etag?: string) {
    const calls: { url: string; method: string; body: unknown; ifMatch: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        calls.push({
          url,
          method: init.method ?? 'GET',
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
          ifMatch: new Headers(init.headers).get('If-Match'),
        });
        return Promise.resolve(
          new Response(
            JSON.stringify(
              status >= 400
                ? { type: 'error', error: 'boom', error_code: status }
                : { type: 'sync', metadata: { name: 'gA', members: ['m2'], description: '' } },
            ),
            { status, headers: etag ? { ETag: etag } : {} },
          ),
        );
      }),
    );
    return calls;
  }

  it('puts a member with If-Match and keeps the ETag of a read', async () => {
    const calls = record(200, '"e1"');
    const group = await fetchClusterGroup('gA');
    expect(group.etag).toBe('"e1"');
    const body = {
      config: {},
      description: 'd',
      failure_domain: 'rack1',
      groups: ['default'],
      roles: ['database'],
    };
    await updateClusterMember('m 1', body, '"e2"');
    expect(calls[1]).toEqual({
      url: '/1.0/cluster/members/m%201',
      method: 'PUT',
      body,
      ifMatch: '"e2"',
    });
  });

  it('fails with 412 when the member changed since it was read', async () => {
    record(412);
    await expect(
      updateClusterMember(
        'm1',
        { config: {}, description: '', failure_domain: '', groups: ['default'], roles: [] },
        '"old"',
      ),
    ).rejects.toMatchObject({ status: 412 });
  });

  it('creates, updates, renames and deletes groups', async () => {
    const calls = record();
    await createClusterGroup({ name: 'gB', description: 'x', members: ['m3'] });
    await updateClusterGroup('gB', { description: 'y', members: [] }, '"e"');
    await renameClusterGroup('gB', 'gC');
    await deleteClusterGroup('gC');
    expect(calls.map(({ url, method, body, ifMatch }) => [method, url, body, ifMatch])).toEqual([
      ['POST', '/1.0/cluster/groups', { name: 'gB', description: 'x', members: ['m3'] }, null],
      ['PUT', '/1.0/cluster/groups/gB', { description: 'y', members: [] }, '"e"'],
      ['POST', '/1.0/cluster/groups/gB', { name: 'gC' }, null],
      ['DELETE', '/1.0/cluster/groups/gC', undefined, null],
    ]);
  });

  it('builds the state body with a mode only when one is chosen', () => {
    expect(memberStateBody('evacuate')).toEqual({ action: 'evacuate' });
    expect(memberStateBody('evacuate', '')).toEqual({ action: 'evacuate' });
    expect(memberStateBody('evacuate', 'stop')).toEqual({ action: 'evacuate', mode: 'stop' });
    expect(memberStateBody('restore', 'skip')).toEqual({ action: 'restore', mode: 'skip' });
  });
});
