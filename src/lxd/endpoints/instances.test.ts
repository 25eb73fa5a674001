import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentRemote } from '../remote';
import type { LxdInstance } from '../types/instance';
import { fetchInstance, fetchInstances, normalizeInstance } from './instances';
import { fetchInstancesWithState } from './network-forwards';

/** An instance as Incus answers it while it is being created: its maps and lists are null. */
const halfMade = {
  name: 'new1',
  status: 'Stopped',
  type: 'container',
  architecture: 'x86_64',
  project: 'default',
  location: 'none',
  description: '',
  created_at: '2026-11-29T00:00:00Z',
  last_used_at: '0001-01-01T00:00:00Z',
  ephemeral: false,
  stateful: false,
  config: null,
  devices: null,
  profiles: null,
  expanded_config: null,
  expanded_devices: null,
  state: null,
} as unknown as LxdInstance;

function serve(metadata: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ type: 'sync', status_code: 200, metadata }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ETag: '"e1"' },
        }),
      ),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('instances whose maps a server answers as null (Incus, mid-creation)', () => {
  it('get {} and [] instead, and are the same object when nothing is null', () => {
    expect(normalizeInstance(halfMade)).toMatchObject({
      config: {},
      devices: {},
      profiles: [],
      expanded_config: {},
      expanded_devices: {},
    });
    const whole = { ...halfMade, config: {}, devices: {}, profiles: ['default'] };
    const complete = { ...whole, expanded_config: {}, expanded_devices: {} } as LxdInstance;
    expect(normalizeInstance(complete)).toBe(complete);
  });

  it('reach the list, the instance page and the forward pickers as {} and []', async () => {
    serve([halfMade]);
    expect((await fetchInstances('default'))[0]?.devices).toEqual({});
    serve(halfMade);
    const one = await fetchInstance('default', 'new1');
    expect([one.config, one.etag]).toEqual([{}, '"e1"']);
    serve([halfMade]);
    const withState = await fetchInstancesWithState('default');
    // Before, the forward form's address picker threw "Cannot convert undefined or null to
    // object" (Object.entries of null devices), and the screen showed the error page.
    expect(withState[0]?.devices).toEqual({});
  });
});

describe('the instance list on a remote', () => {
  afterEach(() => {
    setCurrentRemote(null);
    vi.unstubAllGlobals();
  });

  it("asks the page's remote once, through /remote/{name}/1.0/instances", async () => {
    setCurrentRemote('incus');
    serve([{ ...halfMade, config: {}, devices: {}, profiles: [], expanded_config: {} }]);
    const list = await fetchInstances('default');
    expect(list.map((instance) => instance.name)).toEqual(['new1']);
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => url as string);
    expect(fetched).toEqual(['/remote/incus/1.0/instances?project=default&recursion=1']);
  });
});
