import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_REMOTES_PATH, fetchRemotes } from './remotes';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GET /console/remotes', () => {
  it("reads the console server's remotes", async () => {
    const fetch = answer(200, {
      remotes: [
        {
          name: 'local',
          default: true,
          url: 'https://10.0.0.1:8443',
          state: 'online',
          kind: 'lxd',
          version: '5.0.2',
          clustered: false,
        },
        {
          name: 'incus',
          default: false,
          url: 'https://10.0.0.2:8443',
          state: 'unreachable',
          kind: null,
          version: null,
          clustered: null,
          error: 'connect: connection refused',
        },
      ],
    });
    await expect(fetchRemotes()).resolves.toEqual([
      {
        name: 'local',
        default: true,
        url: 'https://10.0.0.1:8443',
        state: 'online',
        kind: 'lxd',
        version: '5.0.2',
        clustered: false,
      },
      {
        name: 'incus',
        default: false,
        url: 'https://10.0.0.2:8443',
        state: 'unreachable',
        kind: null,
        version: null,
        clustered: null,
        error: 'connect: connection refused',
      },
    ]);
    expect(fetch).toHaveBeenCalledWith(CONSOLE_REMOTES_PATH, expect.anything());
    expect(CONSOLE_REMOTES_PATH).toBe('/console/remotes');
  });

  it('is null when LXD serves the console (404)', async () => {
    answer(404, { type: 'error', error: 'not found', error_code: 404 });
    await expect(fetchRemotes()).resolves.toBeNull();
  });

  it('fails on any other answer, so the last list stays', async () => {
    answer(502, 'Bad gateway');
    await expect(fetchRemotes()).rejects.toThrow(/remotes/);
    answer(200, { something: 'else' });
    await expect(fetchRemotes()).rejects.toThrow(/no list/);
  });

  it('leaves out entries without a name and reads unknown values as unknown', async () => {
    answer(200, {
      remotes: [{ default: true }, { name: 'x', state: 'sleeping', kind: 'docker', version: 5 }],
    });
    await expect(fetchRemotes()).resolves.toEqual([
      {
        name: 'x',
        default: false,
        url: '',
        state: 'unreachable',
        kind: null,
        version: null,
        clustered: null,
      },
    ]);
  });
});
