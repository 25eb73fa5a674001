import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_FETCH_MAX_AGE_MS, takeEarlyResponse } from './early';
import { EVENTS_PATH, eventsUrl, takeEarlyEventSocket, type EarlyEventSocket } from './events';
import { setCurrentRemote } from './remote';
import { buildUrl, get } from './client';
import { fetchAllProjectsInstances, instancesListUrl } from './endpoints/instances';
import { fetchProjects } from './endpoints/projects';
import { fetchServer } from './endpoints/server';

/** The names URL the instance list asks first (src/features/instances/list-load.ts). */
const namesUrl = (project: string | undefined) =>
  project === undefined
    ? buildUrl('/1.0/instances', { recursion: 0, params: { 'all-projects': true } })
    : buildUrl('/1.0/instances', { project, recursion: 0 });

/** The inline script of index.html, as the browser runs it before the console's code. */
const inlineScript = (() => {
  const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
  const match = /<script>([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('index.html has no inline script');
  return match[1];
})();

const ok = (metadata: unknown) => new Response(JSON.stringify({ type: 'sync', metadata }));

/** Runs index.html's script for a page at `pathname`; returns the URLs it and later calls ask. */
function runIndexScript(
  pathname: string,
  answer: (url: string) => Response | Promise<Response> = () => ok([]),
  extra: Record<string, unknown> = {},
) {
  const urls: string[] = [];
  const fetch = (url: string) => {
    urls.push(url);
    return Promise.resolve(answer(url));
  };
  vi.stubGlobal('fetch', fetch);
  // What the script leaves on its `window` is moved to the real one.
  const page: { __lxdEarly?: Window['__lxdEarly'] } = {};
  runInNewContext(inlineScript, {
    location: { pathname },
    fetch,
    URLSearchParams,
    Date,
    window: page,
    ...extra,
  });
  window.__lxdEarly = page.__lxdEarly;
  return urls;
}

afterEach(() => {
  window.__lxdEarly = undefined;
  setCurrentRemote(null);
  vi.unstubAllGlobals();
});

describe('early requests (index.html)', () => {
  it('takes the names the console server put into the page instead of asking (ETag kept)', async () => {
    const embedded = {
      [namesUrl('p1')]: {
        body: JSON.stringify({ type: 'sync', metadata: ['/1.0/instances/c1'] }),
        etag: '"abc"',
      },
    };
    const document = {
      getElementById: (id: string) =>
        id === 'lxd-early-data' ? { textContent: JSON.stringify(embedded) } : null,
    };
    const urls = runIndexScript(
      '/ui/project/p1/instances',
      (url) => ok(url === '/1.0' ? { auth: 'trusted' } : []),
      { document, Response },
    );
    expect(urls).not.toContain(namesUrl('p1'));
    // /1.0 is not in the page: asked as before (e2e specs standing in for LXD 6 intercept it).
    expect(urls).toContain('/1.0');
    const names = await takeEarlyResponse(namesUrl('p1'));
    expect(names?.headers.get('ETag')).toBe('"abc"');
    expect(await names?.json()).toEqual({ type: 'sync', metadata: ['/1.0/instances/c1'] });
    await expect(fetchServer()).resolves.toEqual({ auth: 'trusted' });
  });

  it('asks for the names the list page asks for first, then the settings, and the projects once the names are in', async () => {
    // The names first: LXD answers the projects (used_by names every instance) more slowly, and
    // holds one of the page's six connections meanwhile.
    let answerNames: (response: Response) => void = () => undefined;
    const names = new Promise<Response>((resolve) => (answerNames = resolve));
    const urls = runIndexScript('/ui/project/my-proj/instances', (url) =>
      url === namesUrl('my-proj') ? names : ok([]),
    );
    expect(urls).toEqual([namesUrl('my-proj'), '/1.0']);
    // A GET of the projects meanwhile takes the early one (no second request) and waits for it.
    const projects = fetchProjects();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(urls).toEqual([namesUrl('my-proj'), '/1.0']);
    answerNames(ok([]));
    await expect(projects).resolves.toEqual([]);
    expect(urls).toEqual([namesUrl('my-proj'), '/1.0', '/1.0/projects?recursion=1']);
    expect(runIndexScript('/ui/all-projects/instances/')).toContain(namesUrl(undefined));
  });

  it("asks for the overview's names too, which the overview's first GET of them takes", async () => {
    const urls = runIndexScript('/ui/project/team/overview');
    expect(urls).toEqual([namesUrl('team'), '/1.0', '/1.0/projects?recursion=1']);
    await expect(get('/1.0/instances', { project: 'team', recursion: 0 })).resolves.toEqual([]);
    expect(urls).toEqual([namesUrl('team'), '/1.0', '/1.0/projects?recursion=1']);
  });

  it('asks only for the settings and projects on other screens, nothing on login pages', () => {
    expect(runIndexScript('/ui/project/default/instance/web1')).toEqual([
      '/1.0',
      '/1.0/projects?recursion=1',
    ]);
    expect(runIndexScript('/ui/login/certificate-add')).toEqual([]);
  });

  it('answers the first GET of each URL, and only the first', async () => {
    const urls = runIndexScript('/ui/project/default/instances', (url) =>
      ok(url === '/1.0' ? { auth: 'trusted' } : [{ name: url }]),
    );
    await expect(fetchServer()).resolves.toEqual({ auth: 'trusted' });
    await expect(fetchProjects()).resolves.toEqual([{ name: '/1.0/projects?recursion=1' }]);
    const names = () => get('/1.0/instances', { project: 'default', recursion: 0 });
    await expect(names()).resolves.toEqual([{ name: namesUrl('default') }]);
    expect(urls).toHaveLength(3);
    await names();
    expect(urls).toHaveLength(4);
  });

  it('is not used for another URL, nor when older than 5 s', () => {
    runIndexScript('/ui/project/default/instances');
    expect(takeEarlyResponse(instancesListUrl('other'))).toBeUndefined();
    const at = window.__lxdEarly?.['/1.0']?.at ?? 0;
    expect(takeEarlyResponse('/1.0', at + EARLY_FETCH_MAX_AGE_MS + 1)).toBeUndefined();
    expect(takeEarlyResponse('/1.0')).toBeUndefined();
  });

  it("asks a named remote's page through /remote/{name}, as the console then does", async () => {
    setCurrentRemote('my lab');
    const embedded = {
      [namesUrl('p1')]: { body: JSON.stringify({ type: 'sync', metadata: ['/1.0/instances/c1'] }) },
    };
    const document = {
      getElementById: (id: string) =>
        id === 'lxd-early-data' ? { textContent: JSON.stringify(embedded) } : null,
    };
    const urls = runIndexScript(
      '/ui/remote/my%20lab/project/p1/instances',
      (url) => ok(url === '/remote/my%20lab/1.0' ? { auth: 'trusted' } : []),
      { document, Response },
    );
    expect(namesUrl('p1')).toBe('/remote/my%20lab/1.0/instances?project=p1&recursion=0');
    expect(urls).toEqual(['/remote/my%20lab/1.0']);
    await expect(get('/1.0/instances', { project: 'p1', recursion: 0 })).resolves.toEqual([
      '/1.0/instances/c1',
    ]);
    await expect(fetchServer()).resolves.toEqual({ auth: 'trusted' });
    // Neither asked twice; the projects once the names were in.
    expect(urls).toEqual(['/remote/my%20lab/1.0', '/remote/my%20lab/1.0/projects?recursion=1']);
    expect(runIndexScript('/ui/remote/incus/server')).toEqual([
      '/remote/incus/1.0',
      '/remote/incus/1.0/projects?recursion=1',
    ]);
    expect(runIndexScript('/ui/remote/incus/login')).toEqual([]);
  });

  it('asks again when the early answer was an error (sent before sign-in)', async () => {
    let first = true;
    const urls = runIndexScript('/ui/all-projects/instances', (url) => {
      if (first && url === '/1.0') {
        first = false;
        return new Response(
          JSON.stringify({ type: 'error', error: 'forbidden', error_code: 403 }),
          {
            status: 403,
          },
        );
      }
      return ok([{ name: 'later' }]);
    });
    await expect(fetchServer()).resolves.toEqual([{ name: 'later' }]);
    expect(urls.filter((url) => url === '/1.0')).toHaveLength(2);
    await expect(fetchAllProjectsInstances()).resolves.toEqual([{ name: 'later' }]);
  });
});

describe('the early event stream (index.html)', () => {
  class PageSocket {
    static opened: PageSocket[] = [];
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      PageSocket.opened.push(this);
    }
    close() {
      this.closed = true;
    }
  }

  function runWithSocket(pathname: string, protocol = 'https:') {
    PageSocket.opened = [];
    const page: { __lxdEarlyEvents?: EarlyEventSocket } = {};
    runInNewContext(inlineScript, {
      location: { pathname, protocol, host: 'lxd.example:8443' },
      fetch: () => Promise.resolve(ok([])),
      URLSearchParams,
      Date,
      WebSocket: PageSocket,
      window: page,
    });
    return page.__lxdEarlyEvents;
  }

  it('opens the same stream the console listens to, and keeps what arrives', () => {
    const early = runWithSocket('/ui/project/default/instances');
    expect(PageSocket.opened.map((s) => s.url)).toEqual([
      eventsUrl({ protocol: 'https:', host: 'lxd.example:8443' }),
    ]);
    const socket = PageSocket.opened[0] as PageSocket;
    socket.onopen?.({});
    socket.onmessage?.({ data: '{"type":"lifecycle"}' });
    expect(early).toMatchObject({ open: true, closed: false, messages: ['{"type":"lifecycle"}'] });
    socket.onclose?.({});
    expect(early?.closed).toBe(true);
    runWithSocket('/ui/project/default/instances', 'http:');
    expect(PageSocket.opened[0]?.url).toBe(
      eventsUrl({ protocol: 'http:', host: 'lxd.example:8443' }),
    );
  });

  it("opens a named remote's stream on its pages, which the console takes over", () => {
    const early = runWithSocket('/ui/remote/incus/project/default/instances');
    const url = eventsUrl({ protocol: 'https:', host: 'lxd.example:8443' }, 'incus');
    expect(PageSocket.opened.map((s) => s.url)).toEqual([url]);
    expect(early?.path).toBe(`/remote/incus${EVENTS_PATH}`);
    setCurrentRemote('incus');
    window.__lxdEarlyEvents = early;
    expect(takeEarlyEventSocket()).toBe(early);
    expect(runWithSocket('/ui/remote/incus/login/certificate-add')).toBeUndefined();
  });

  it('opens none on the login pages', () => {
    expect(runWithSocket('/ui/login')).toBeUndefined();
    expect(PageSocket.opened).toEqual([]);
  });

  it('stops keeping messages when nothing takes the stream over', () => {
    const early = runWithSocket('/ui/operations');
    const socket = PageSocket.opened[0] as PageSocket;
    for (let i = 0; i <= 10_000; i += 1) socket.onmessage?.({ data: String(i) });
    expect(socket.closed).toBe(true);
    expect(early?.messages.length).toBeLessThanOrEqual(10_001);
  });
});
