/**
 * GET /console/remotes: one remote without --remotes, and the per-remote cache (kept 5 s, shared
 * by callers at the same time, asked again once it is old) and timeout.
 */
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsoleServer } from './app';
import type { Remote } from './remotes';
import { REMOTE_STATE_TTL_MS, createRemoteStatus } from './remotes-status';
import { startFakeRemote } from './testing/fake-remote';
import { rawRequest, startFakeLxd, tempDir, writeUiBuild } from './testing/fixtures';
import { createUpstream } from './upstream';

const tmp = tempDir('console-remotes-status-');
const uiDir = writeUiBuild(tmp.dir);
afterAll(() => tmp.remove());

function remoteAt(socket: string, name = 'local'): Remote {
  const target = { kind: 'socket' as const, path: socket };
  return { name, isDefault: name === 'local', target, upstream: createUpstream(target) };
}

describe('without --remotes', () => {
  it('lists the one LXD, by its --lxd-name or as "local"', async () => {
    const lxd = await startFakeLxd(path.join(tmp.dir, 'one.socket'));
    for (const lxdName of [undefined, 'main']) {
      const server = createConsoleServer({
        uiDir,
        host: '127.0.0.1',
        port: 0,
        lxd: { kind: 'socket', path: lxd.socket },
        ...(lxdName === undefined ? {} : { lxdName }),
      });
      const base = (await server.listen()).url.replace(/\/ui\/$/, '');
      const res = await rawRequest(base, '/console/remotes');
      expect(JSON.parse(res.body)).toEqual({
        remotes: [
          {
            name: lxdName ?? 'local',
            default: true,
            url: `unix:${lxd.socket}`,
            state: 'online',
            // This LXD says only its version: an LXD, clustered or not unknown.
            kind: 'lxd',
            version: '5.0.2',
            clustered: null,
          },
        ],
      });
      expect((await rawRequest(base, `/remote/${lxdName ?? 'local'}/1.0`)).status).toBe(200);
      await server.close();
    }
    await lxd.close();
  });
});

describe('the cache of states', () => {
  it('asks a remote again only once its answer is older than 5 s', async () => {
    const fake = await startFakeRemote({ name: 'local', socket: path.join(tmp.dir, 'c.socket') });
    const remote = remoteAt(fake.address);
    let now = 1_000_000;
    const status = createRemoteStatus([remote], { now: () => now });
    const [first, second] = await Promise.all([status.states(), status.states()]);
    expect(first).toEqual(second);
    expect(first[0]).toMatchObject({ name: 'local', state: 'online', version: '5.0.2' });
    expect(fake.probes()).toBe(1);
    now += REMOTE_STATE_TTL_MS - 1;
    await status.states();
    expect(fake.probes()).toBe(1);
    now += 2;
    await status.states();
    expect(fake.probes()).toBe(2);
    remote.upstream.close();
    await fake.close();
  });

  it('says a remote that does not answer in time is unreachable', async () => {
    const silent = http.createServer(() => undefined);
    const socket = path.join(tmp.dir, 'silent.socket');
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    const remote = remoteAt(socket, 'slow');
    const status = createRemoteStatus([remote], { timeoutMs: 50 });
    expect(await status.states()).toEqual([
      {
        name: 'slow',
        default: false,
        url: `unix:${socket}`,
        state: 'unreachable',
        kind: null,
        version: null,
        clustered: null,
        error: `cannot reach LXD at ${socket}: no answer within 0.05 s`,
      },
    ]);
    remote.upstream.close();
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
