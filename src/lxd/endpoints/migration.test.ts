import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyInstanceToRemote, type RemoteInstanceCopy } from './instance-detail';
import { migrate, NO_ADDRESS, operationAddress, peerOf, type ServerReach } from './migration';
import { instanceMigrationSourceRequest, instanceMigrationTargetRequest } from './instance-detail';
import { copyVolumeToRemote, type RemoteVolumeCopy } from './volume-migration';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let calls: Call[] = [];
/** Operation ids whose wait fails, with LXD's error. */
let failing: Record<string, string> = {};
/** POST paths (without the query) refused at once, with LXD's error. */
let refused: Record<string, string> = {};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const SOURCE_CERT = '-----BEGIN CERTIFICATE-----\nsource\n-----END CERTIFICATE-----\n';
const CLUSTER_CERT = '-----BEGIN CERTIFICATE-----\ncluster\n-----END CERTIFICATE-----\n';

/** The page's remote (the default one, `/1.0`) is a single server; `cluster` has three members. */
function server(path: string) {
  if (path === '/1.0') {
    return json({
      type: 'sync',
      metadata: {
        environment: { addresses: ['192.0.2.10:8443'], certificate: SOURCE_CERT },
      },
    });
  }
  if (path === '/remote/cluster/1.0') {
    return json({
      type: 'sync',
      metadata: {
        environment: {
          addresses: ['10.201.0.11:8443'],
          certificate: CLUSTER_CERT,
          server_clustered: true,
        },
      },
    });
  }
  if (path === '/remote/cluster/1.0/cluster/members') {
    return json({
      type: 'sync',
      metadata: ['m1', 'm2', 'm3'].map((name, index) => ({
        server_name: name,
        url: `https://10.201.0.1${String(index + 1)}:8443`,
        status: 'Online',
      })),
    });
  }
  return undefined;
}

beforeEach(() => {
  calls = [];
  failing = {};
  refused = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0] ?? '';
      const known = method === 'GET' ? server(path) : undefined;
      if (known) return known;
      if (method === 'GET' && /\/1\.0\/operations\/[^/]+$/.test(path)) {
        return json({ type: 'sync', metadata: { metadata: { fs_progress: '12MB (3MB/s)' } } });
      }
      const wait = /\/1\.0\/operations\/([^/]+)\/wait$/.exec(path);
      if (wait?.[1]) {
        const err = failing[wait[1]];
        return json({
          type: 'sync',
          metadata: { id: wait[1], status: err ? 'Failure' : 'Success', err: err ?? '' },
        });
      }
      if (method === 'DELETE') return json({ type: 'sync', metadata: {} });
      if (method === 'POST') {
        if (refused[path]) return json({ type: 'error', error: refused[path] }, 400);
        const onCluster = path.startsWith('/remote/cluster/');
        const id = onCluster ? 'target-op' : 'source-op';
        return json(
          {
            type: 'async',
            operation: `/1.0/operations/${id}`,
            metadata: {
              id,
              status: 'Running',
              location: onCluster ? 'm2' : 'none',
              metadata: { control: `${id}-control`, fs: `${id}-fs` },
            },
          },
          202,
        );
      }
      return json({ type: 'error', error: 'not found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const writes = () => calls.filter((call) => call.method !== 'GET');

const INSTANCE: RemoteInstanceCopy['instance'] = {
  name: 'web',
  project: 'default',
  type: 'container',
  architecture: 'x86_64',
  description: 'the web',
  profiles: ['default'],
  config: { 'user.mark': 'x', 'volatile.idmap.base': '0', 'image.os': 'busybox' },
  devices: {},
  expanded_devices: { root: { type: 'disk', path: '/', pool: 'default' } },
  ephemeral: false,
};

const copyOf = (mode: 'pull' | 'push'): RemoteInstanceCopy => ({
  instance: INSTANCE,
  name: 'web',
  project: 'p2',
  pool: 'local',
  member: 'm2',
  instanceOnly: false,
  mode,
});

const TARGET_BODY = {
  name: 'web',
  type: 'container',
  architecture: 'x86_64',
  description: 'the web',
  config: { 'user.mark': 'x', 'image.os': 'busybox' },
  devices: { root: { type: 'disk', path: '/', pool: 'local' } },
  profiles: ['default'],
  ephemeral: false,
};

describe('the address the other daemon is given', () => {
  const single: ServerReach = { certificate: 'c', addresses: ['192.0.2.10:8443'], members: null };
  const cluster: ServerReach = {
    certificate: 'c',
    addresses: ['10.201.0.11:8443'],
    members: [
      { server_name: 'm1', url: 'https://10.201.0.11:8443' },
      { server_name: 'm3', url: 'https://10.201.0.13:8443' },
    ],
  };

  it("is a single server's first address", () => {
    expect(operationAddress(single, 'none')).toBe('192.0.2.10:8443');
  });

  it("is the cluster member named by the operation's location", () => {
    expect(operationAddress(cluster, 'm3')).toBe('10.201.0.13:8443');
    expect(
      peerOf({ id: 'op1', location: 'm3', metadata: { control: 'a', fs: 'b', other: 1 } }, cluster),
    ).toEqual({
      operation: 'https://10.201.0.13:8443/1.0/operations/op1',
      certificate: 'c',
      secrets: { control: 'a', fs: 'b' },
    });
  });

  it('is refused when the server has no address', () => {
    expect(() => operationAddress({ ...single, addresses: [] }, '')).toThrow(NO_ADDRESS);
  });
});

describe('an instance to another server', () => {
  it('pull: the source first, then the target with its operation, certificate and secrets', async () => {
    await copyInstanceToRemote(copyOf('pull'), 'cluster');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/1.0/instances/web?project=default',
        body: { migration: true, live: false, instance_only: false },
      },
      {
        method: 'POST',
        url: '/remote/cluster/1.0/instances?project=p2&target=m2',
        body: {
          ...TARGET_BODY,
          source: {
            type: 'migration',
            mode: 'pull',
            instance_only: false,
            operation: 'https://192.0.2.10:8443/1.0/operations/source-op',
            certificate: SOURCE_CERT,
            secrets: { control: 'source-op-control', fs: 'source-op-fs' },
          },
        },
      },
    ]);
    const waits = calls.filter((call) => call.url.includes('/wait')).map((call) => call.url);
    expect(waits.sort()).toEqual([
      '/1.0/operations/source-op/wait?project=default&timeout=-1',
      '/remote/cluster/1.0/operations/target-op/wait?project=p2&timeout=-1',
    ]);
  });

  it("push: the target first, then the source with the target member's operation", async () => {
    await copyInstanceToRemote(copyOf('push'), 'cluster');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/remote/cluster/1.0/instances?project=p2&target=m2',
        body: { ...TARGET_BODY, source: { type: 'migration', mode: 'push', instance_only: false } },
      },
      {
        method: 'POST',
        url: '/1.0/instances/web?project=default',
        body: {
          migration: true,
          live: false,
          instance_only: false,
          target: {
            operation: 'https://10.201.0.12:8443/1.0/operations/target-op',
            certificate: CLUSTER_CERT,
            secrets: { control: 'target-op-control', fs: 'target-op-fs' },
          },
        },
      },
    ]);
  });

  it("a failed operation cancels the other one and LXD's error is thrown", async () => {
    failing['target-op'] = 'Failed creating instance on target: no space left';
    await expect(copyInstanceToRemote(copyOf('pull'), 'cluster')).rejects.toThrow(
      'Failed creating instance on target: no space left',
    );
    expect(writes().filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/1.0/operations/source-op', body: undefined },
    ]);
  });

  it('a refused second request cancels the first operation', async () => {
    refused['/1.0/instances/web'] = 'Instance is running';
    await expect(copyInstanceToRemote(copyOf('push'), 'cluster')).rejects.toThrow(
      'Instance is running',
    );
    expect(writes().filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/remote/cluster/1.0/operations/target-op', body: undefined },
    ]);
  });
});

describe('progress', () => {
  it('reads both operations on their remotes while they run, and stops after', async () => {
    const seen: unknown[] = [];
    const copy = copyOf('pull');
    await migrate({
      mode: 'pull',
      source: { remote: undefined, request: (peer) => instanceMigrationSourceRequest(copy, peer) },
      target: { remote: 'cluster', request: (peer) => instanceMigrationTargetRequest(copy, peer) },
      wait: () => new Promise((resolve) => setTimeout(resolve, 40)),
      onProgress: (metadata) => seen.push(metadata),
      progressMs: 10,
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toEqual({ fs_progress: '12MB (3MB/s)' });
    const reads = new Set(
      calls
        .filter((call) => /operations\/[^/]+$/.test(call.url) && call.method === 'GET')
        .map((call) => call.url),
    );
    expect([...reads].sort()).toEqual([
      '/1.0/operations/source-op',
      '/remote/cluster/1.0/operations/target-op',
    ]);
    const count = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(seen.length).toBe(count);
  });
});

describe('a custom volume to another server', () => {
  const volume = (mode: 'pull' | 'push'): RemoteVolumeCopy => ({
    source: { project: 'default', pool: 'default', type: 'custom', name: 'data' },
    volume: {
      description: 'data',
      config: { size: '1GiB', 'zfs.remove_snapshots': 'true', 'volatile.uuid': 'u' },
      content_type: 'filesystem',
    },
    targetPool: 'local',
    targetProject: 'default',
    targetMember: 'm1',
    name: 'data',
    withSnapshots: true,
    mode,
  });
  const TARGET = {
    name: 'data',
    type: 'custom',
    config: { size: '1GiB' },
    description: 'data',
    content_type: 'filesystem',
  };

  it('pull: the source volume first, then the target volume with its operation', async () => {
    await copyVolumeToRemote(volume('pull'), 'cluster');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/1.0/storage-pools/default/volumes/custom/data?project=default',
        body: { migration: true, name: 'data', volume_only: false },
      },
      {
        method: 'POST',
        url: '/remote/cluster/1.0/storage-pools/local/volumes/custom?project=default&target=m1',
        body: {
          ...TARGET,
          source: {
            type: 'migration',
            mode: 'pull',
            volume_only: false,
            operation: 'https://192.0.2.10:8443/1.0/operations/source-op',
            certificate: SOURCE_CERT,
            secrets: { control: 'source-op-control', fs: 'source-op-fs' },
          },
        },
      },
    ]);
  });

  it('push: the target volume first, then the source with `target`', async () => {
    await copyVolumeToRemote(volume('push'), 'cluster');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/remote/cluster/1.0/storage-pools/local/volumes/custom?project=default&target=m1',
        body: { ...TARGET, source: { type: 'migration', mode: 'push', volume_only: false } },
      },
      {
        method: 'POST',
        url: '/1.0/storage-pools/default/volumes/custom/data?project=default',
        body: {
          migration: true,
          name: 'data',
          volume_only: false,
          target: {
            operation: 'https://10.201.0.12:8443/1.0/operations/target-op',
            certificate: CLUSTER_CERT,
            secrets: { control: 'target-op-control', fs: 'target-op-fs' },
          },
        },
      },
    ]);
  });
});
