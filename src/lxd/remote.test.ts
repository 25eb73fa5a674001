import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../testing/fake-xhr';
import { buildUrl, get, getText, request } from './client';
import { imageExportUrl, uploadImage } from './endpoints/images';
import { fetchDocumentationObjects } from './endpoints/settings';
import { EVENTS_PATH, eventsUrl, takeEarlyEventSocket, type EventWebSocket } from './events';
import { operationWebsocketUrl, waitForOperation } from './operations';
import { currentRemote, remotePath, remotePrefix, setCurrentRemote, websocketUrl } from './remote';

const origin = { protocol: 'https:', host: 'console.example:8407' };

/** Stubs fetch with a sync answer and records the URLs asked. */
function answerAll(metadata: unknown = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const body = JSON.stringify({ type: 'sync', status_code: 200, metadata });
      return Promise.resolve(new Response(body, { status: 200 }));
    }),
  );
  return urls;
}

afterEach(() => {
  setCurrentRemote(null);
  vi.unstubAllGlobals();
});

describe('the remote of the page', () => {
  it('is the default remote (null) until one is set', () => {
    expect(currentRemote()).toBeNull();
    setCurrentRemote('incus');
    expect(currentRemote()).toBe('incus');
    setCurrentRemote('');
    expect(currentRemote()).toBeNull();
  });
});

describe('remotePath', () => {
  it('keeps LXD paths as they are for the default remote', () => {
    expect(remotePath('/1.0/instances?project=p')).toBe('/1.0/instances?project=p');
    expect(remotePath('/documentation/')).toBe('/documentation/');
    expect(remotePrefix(null)).toBe('');
  });

  it("puts the page's named remote in front", () => {
    setCurrentRemote('incus');
    expect(remotePath('/1.0/instances')).toBe('/remote/incus/1.0/instances');
    expect(remotePath('/documentation/objects.inv.txt')).toBe(
      '/remote/incus/documentation/objects.inv.txt',
    );
    expect(remotePath('/oidc/login')).toBe('/remote/incus/oidc/login');
  });

  it('takes an explicit remote over the page one; null is the default remote', () => {
    setCurrentRemote('incus');
    expect(remotePath('/1.0', 'lab')).toBe('/remote/lab/1.0');
    expect(remotePath('/1.0', null)).toBe('/1.0');
  });

  it('encodes the name', () => {
    expect(remotePath('/1.0', 'my remote/2?')).toBe('/remote/my%20remote%2F2%3F/1.0');
    expect(remotePath('/1.0', 'ünï')).toBe('/remote/%C3%BCn%C3%AF/1.0');
  });

  it('refuses what is not an LXD path', () => {
    expect(() => remotePath('//evil.example/1.0', 'x')).toThrow(/relative/);
    expect(() => remotePath('/console/remotes')).toThrow(/relative/);
  });
});

describe('requests on a remote', () => {
  it("build URLs on the page's remote, with their parameters after it", () => {
    setCurrentRemote('incus');
    expect(buildUrl('/1.0/instances', { project: 'p 1', recursion: 1 })).toBe(
      '/remote/incus/1.0/instances?project=p+1&recursion=1',
    );
    expect(buildUrl('/1.0/images?all-projects=1', { remote: 'lab' })).toBe(
      '/remote/lab/1.0/images?all-projects=1',
    );
    expect(buildUrl('/1.0', { remote: null })).toBe('/1.0');
    expect(() => buildUrl('https://evil.example/1.0', { remote: 'lab' })).toThrow(/relative/);
  });

  it("ask the page's remote, or the one a call names", async () => {
    const urls = answerAll();
    await get('/1.0/projects', { recursion: 1 });
    setCurrentRemote('incus');
    await get('/1.0/projects', { recursion: 1 });
    await request('/1.0/instances/c1', { method: 'DELETE', project: 'p', remote: 'lab' });
    await get('/1.0', { remote: null });
    await getText('/1.0/instances/c1/console', { project: 'p' });
    await fetchDocumentationObjects();
    expect(urls).toEqual([
      '/1.0/projects?recursion=1',
      '/remote/incus/1.0/projects?recursion=1',
      '/remote/lab/1.0/instances/c1?project=p',
      '/1.0',
      '/remote/incus/1.0/instances/c1/console?project=p',
      '/remote/incus/documentation/objects.inv.txt',
    ]);
  });

  it('wait for an operation on the remote it runs on', async () => {
    const urls = answerAll({ id: 'op1', status: 'Success', status_code: 200 });
    setCurrentRemote('incus');
    await waitForOperation('op1', { project: 'p', remote: 'lab' });
    await waitForOperation('op2');
    expect(urls).toEqual([
      '/remote/lab/1.0/operations/op1/wait?project=p&timeout=-1',
      '/remote/incus/1.0/operations/op2/wait?timeout=-1',
    ]);
  });

  it('upload and download on the remote', async () => {
    setCurrentRemote('incus');
    expect(imageExportUrl('abc', 'p')).toBe('/remote/incus/1.0/images/abc/export?project=p');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadImage({
      project: 'p',
      source: { kind: 'unified', file: new Blob(['x']), filename: 'i.tar.gz' },
      isPublic: false,
    });
    const xhr = FakeXhr.last;
    expect(xhr?.url).toBe('/remote/incus/1.0/images?project=p');
    xhr?.finish('op1');
    await expect(done).resolves.toBe('op1');
  });
});

describe('websockets on a remote', () => {
  it('open on the page origin, under the remote', () => {
    expect(websocketUrl('/1.0/events?type=logging', { origin })).toBe(
      'wss://console.example:8407/1.0/events?type=logging',
    );
    setCurrentRemote('incus');
    expect(eventsUrl(origin)).toBe(
      'wss://console.example:8407/remote/incus/1.0/events?type=operation,lifecycle&all-projects=true',
    );
    expect(operationWebsocketUrl('op1', 's 1', { protocol: 'http:', host: 'h' })).toBe(
      'ws://h/remote/incus/1.0/operations/op1/websocket?secret=s%201',
    );
    expect(operationWebsocketUrl('op1', 's', origin, 'a b')).toBe(
      'wss://console.example:8407/remote/a%20b/1.0/operations/op1/websocket?secret=s',
    );
    expect(eventsUrl(origin, null)).toBe(
      'wss://console.example:8407/1.0/events?type=operation,lifecycle&all-projects=true',
    );
  });

  it("take index.html's early stream only when it is the page remote's", () => {
    const closed: (string | undefined)[] = [];
    const early = (path?: string) => {
      const socket: EventWebSocket = {
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        close: () => closed.push(path),
      };
      return { socket, path, messages: [], open: true, closed: false };
    };
    const plain = early();
    window.__lxdEarlyEvents = plain;
    expect(takeEarlyEventSocket()).toBe(plain);
    setCurrentRemote('incus');
    const mine = early(`/remote/incus${EVENTS_PATH}`);
    window.__lxdEarlyEvents = mine;
    expect(takeEarlyEventSocket()).toBe(mine);
    for (const other of [early(), early(EVENTS_PATH), early(`/remote/lab${EVENTS_PATH}`)]) {
      window.__lxdEarlyEvents = other;
      expect(takeEarlyEventSocket()).toBeUndefined();
      expect(window.__lxdEarlyEvents).toBeUndefined();
    }
    expect(closed).toEqual([undefined, EVENTS_PATH, `/remote/lab${EVENTS_PATH}`]);
  });
});
