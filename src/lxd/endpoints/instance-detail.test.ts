import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  copyInstance,
  copyInstanceRequest,
  moveInstanceRequest,
  postInstanceMove,
  rootDisk,
  startExec,
  type CopyInstanceOptions,
} from './instance-detail';
import { postInstance } from './instance-create';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let calls: Call[] = [];

const operationAnswer = (id: string) =>
  new Response(
    JSON.stringify({
      type: 'async',
      status_code: 100,
      operation: `/1.0/operations/${id}`,
      metadata: { id, status: 'Running' },
    }),
    { status: 202 },
  );

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      if (url.startsWith('/1.0/operations/')) {
        return Promise.resolve(
          new Response(
            JSON.stringify({ type: 'sync', metadata: { id: 'op1', status: 'Success', err: '' } }),
          ),
        );
      }
      return Promise.resolve(operationAnswer('op1'));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const source: CopyInstanceOptions['writable'] = {
  description: 'web',
  profiles: ['default'],
  config: { 'limits.cpu': '1', 'volatile.uuid': 'x' },
  devices: {},
  ephemeral: false,
  architecture: 'x86_64',
  expanded_devices: { root: { type: 'disk', path: '/', pool: 'default' } },
};

describe('moveInstanceRequest', () => {
  it('moves to a cluster member with ?target= and a stateless migration body', async () => {
    expect(moveInstanceRequest('p1', 'web', { kind: 'member', member: 'm2' })).toEqual({
      path: '/1.0/instances/web',
      project: 'p1',
      target: 'm2',
      body: { name: 'web', migration: true, live: false },
    });
    await expect(postInstanceMove('p1', 'web', { kind: 'member', member: 'm2' })).resolves.toBe(
      'op1',
    );
    expect(calls).toEqual([
      {
        url: '/1.0/instances/web?project=p1&target=m2',
        method: 'POST',
        body: { name: 'web', migration: true, live: false },
      },
    ]);
  });

  it('moves to another storage pool with pool in the body and no target', async () => {
    await postInstanceMove('default', 'web', { kind: 'pool', pool: 'fast' });
    expect(calls).toEqual([
      {
        url: '/1.0/instances/web?project=default',
        method: 'POST',
        body: { name: 'web', migration: true, live: false, pool: 'fast' },
      },
    ]);
  });

  it('moves to another project with project in the body', async () => {
    await postInstanceMove('default', 'web', { kind: 'project', project: 'p2' });
    expect(calls).toEqual([
      {
        url: '/1.0/instances/web?project=default',
        method: 'POST',
        body: { name: 'web', migration: true, live: false, project: 'p2' },
      },
    ]);
  });
});

describe('copyInstanceRequest', () => {
  const base: CopyInstanceOptions = {
    project: 'default',
    name: 'web',
    newName: 'web-copy',
    targetProject: 'default',
    instanceOnly: true,
    writable: source,
  };

  it('copies within the project without target or pool: no volatile keys, devices as they are', () => {
    expect(copyInstanceRequest(base)).toEqual({
      path: '/1.0/instances',
      project: 'default',
      target: undefined,
      body: {
        name: 'web-copy',
        description: 'web',
        profiles: ['default'],
        config: { 'limits.cpu': '1' },
        devices: {},
        ephemeral: false,
        architecture: 'x86_64',
        source: { type: 'copy', source: 'web', instance_only: true },
      },
    });
  });

  it('sends the member as ?target= and the pool as the root disk (from the profile)', async () => {
    await copyInstance({ ...base, target: 'm3', pool: 'fast', targetProject: 'p2' });
    expect(calls[0]).toEqual({
      url: '/1.0/instances?project=p2&target=m3',
      method: 'POST',
      body: {
        name: 'web-copy',
        description: 'web',
        profiles: ['default'],
        config: { 'limits.cpu': '1' },
        devices: { root: { type: 'disk', path: '/', pool: 'fast' } },
        ephemeral: false,
        architecture: 'x86_64',
        source: { type: 'copy', source: 'web', project: 'default', instance_only: true },
      },
    });
    expect(calls[1]?.url).toBe('/1.0/operations/op1/wait?project=p2&timeout=-1');
  });

  it('a target group goes as target=@group', () => {
    expect(copyInstanceRequest({ ...base, target: '@gA' }).target).toBe('@gA');
  });

  it("keeps the instance's own root disk name and options when overriding the pool", () => {
    const own = {
      ...source,
      devices: { disk0: { type: 'disk', path: '/', pool: 'default', size: '5GiB' } },
    };
    expect(copyInstanceRequest({ ...base, writable: own, pool: 'fast' }).body.devices).toEqual({
      disk0: { type: 'disk', path: '/', pool: 'fast', size: '5GiB' },
    });
  });

  it('waits with the given wait function instead of the long poll', async () => {
    const wait = vi.fn(() => Promise.resolve());
    await copyInstance(base, wait);
    expect(wait).toHaveBeenCalledWith('op1', 'default');
    expect(calls).toHaveLength(1);
  });
});

describe('rootDisk', () => {
  it('prefers the instance device, then the expanded one, else none', () => {
    expect(rootDisk({ devices: {}, expanded_devices: {} })).toBeUndefined();
    expect(rootDisk(source)).toEqual(['root', { type: 'disk', path: '/', pool: 'default' }]);
  });
});

describe('postInstance', () => {
  it('creates on a member or group with ?target=', async () => {
    await postInstance('default', { name: 'a' }, '@gA');
    expect(calls[0]).toEqual({
      url: '/1.0/instances?project=default&target=%40gA',
      method: 'POST',
      body: { name: 'a' },
    });
  });
});

describe('startExec', () => {
  const answer = (metadata: unknown) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              type: 'async',
              operation: '/1.0/operations/op1',
              metadata: { id: 'op1', status: 'Running', metadata },
            }),
            { status: 202 },
          ),
        ),
      ),
    );
  };
  const options = { command: ['bash'], width: 80, height: 24 };

  it('returns the operation and the secrets of its data and control websockets', async () => {
    answer({ fds: { '0': 'data-secret', control: 'control-secret' } });
    await expect(startExec('default', 'c1', options)).resolves.toEqual({
      operationId: 'op1',
      data: 'data-secret',
      control: 'control-secret',
    });
  });

  it('fails when LXD opened no websockets', async () => {
    answer(null);
    await expect(startExec('default', 'c1', options)).rejects.toThrow(
      'LXD did not open the session websockets',
    );
  });
});
