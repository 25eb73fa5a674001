import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemoteSummary } from './fleet';

type Answer = { status: number; metadata?: unknown; error?: string };

/** A fake server answering by URL; everything it was asked is in `asked`. */
function serve(answers: Record<string, Answer>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const answer = answers[url] ?? { status: 404, error: 'not found' };
      const body =
        answer.status < 300
          ? { type: 'sync', status_code: 200, metadata: answer.metadata }
          : { type: 'error', error_code: answer.status, error: answer.error };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const instance = {
  name: 'c1',
  project: 'default',
  status: 'Running',
  type: 'container',
  location: 'm1',
  expanded_config: { 'limits.cpu': '2' },
  config: {},
};

describe('fetchRemoteSummary', () => {
  it("asks the named remote for a cluster's members and each online member's resources", async () => {
    const asked = serve({
      '/remote/lab/1.0': { status: 200, metadata: { environment: { server_clustered: true } } },
      '/remote/lab/1.0/instances?recursion=1&all-projects=true': {
        status: 200,
        metadata: [instance],
      },
      '/remote/lab/1.0/warnings?recursion=1': {
        status: 200,
        metadata: [{ severity: 'low', status: 'new' }],
      },
      '/remote/lab/1.0/cluster/members?recursion=1': {
        status: 200,
        metadata: [
          { server_name: 'm1', status: 'Online' },
          { server_name: 'm2', status: 'Offline' },
        ],
      },
      '/remote/lab/1.0/resources?target=m1': {
        status: 200,
        metadata: { cpu: { total: 4 }, memory: { total: 1024 } },
      },
    });
    const summary = await fetchRemoteSummary('lab');
    expect(summary.members).toEqual([
      { name: 'm1', status: 'Online', cpu: 4, memory: 1024 },
      { name: 'm2', status: 'Offline', cpu: undefined, memory: undefined },
    ]);
    expect(summary.instances).toEqual([
      {
        name: 'c1',
        project: 'default',
        status: 'Running',
        type: 'container',
        location: 'm1',
        expanded_config: { 'limits.cpu': '2' },
      },
    ]);
    expect(summary.warnings).toEqual([{ severity: 'low', status: 'new' }]);
    expect(asked).not.toContain('/remote/lab/1.0/resources?target=m2');
  });

  it('asks the default remote at /1.0, and leaves out what the identity may not read', async () => {
    const asked = serve({
      '/1.0': { status: 200, metadata: { environment: { server_clustered: false } } },
      '/1.0/instances?recursion=1&all-projects=true': { status: 200, metadata: null },
      '/1.0/warnings?recursion=1': { status: 403, error: 'not authorized' },
      '/1.0/resources': { status: 403, error: 'not authorized' },
    });
    const summary = await fetchRemoteSummary(null);
    expect(summary.members).toEqual([
      { name: 'none', status: 'Online', cpu: undefined, memory: undefined },
    ]);
    expect(summary.instances).toEqual([]);
    expect(summary.warnings).toBeUndefined();
    expect(asked.every((url) => url.startsWith('/1.0'))).toBe(true);
  });

  it('fails when the remote does not answer its instances', async () => {
    serve({
      '/remote/gone/1.0': { status: 502, error: 'console server: LXD at x is unreachable' },
    });
    await expect(fetchRemoteSummary('gone')).rejects.toThrow('unreachable');
  });
});
