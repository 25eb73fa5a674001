import { afterEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../client';
import {
  customVolumeNameExists,
  deleteIsoVolume,
  fetchIsoVolumes,
  isIsoVolume,
  isoUploadHeaders,
  uploadIsoVolume,
  type UploadProgress,
  type UploadXhr,
} from './storage-isos';

type Listener = (event: ProgressEvent) => void;

/** A stand-in for XMLHttpRequest that records what is sent and lets the test drive events. */
class FakeXhr implements UploadXhr {
  method = '';
  url = '';
  headers: [string, string][] = [];
  body: Blob | FormData | undefined;
  status = 0;
  responseText = '';
  aborted = false;
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly uploadListeners = new Map<string, Listener[]>();
  readonly upload = {
    addEventListener: (type: string, listener: Listener) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  } as unknown as UploadXhr['upload'];

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.push([name, value]);
  }
  send(body: Blob | FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    const event = { loaded, total, lengthComputable } as ProgressEvent;
    for (const listener of this.uploadListeners.get('progress') ?? []) listener(event);
  }
  uploaded() {
    for (const listener of this.uploadListeners.get('load') ?? []) listener({} as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}

/** LXD 6's answer to an ISO upload (`createStoragePoolVolumeFromISO`). */
const operationAnswer = {
  type: 'async',
  status: 'Operation created',
  status_code: 100,
  operation: '/1.0/operations/6f2c1b9e-iso',
  metadata: {
    id: '6f2c1b9e-iso',
    class: 'task',
    description: 'Creating storage volume',
    status: 'Running',
    status_code: 103,
    metadata: { entity_url: '/1.0/storage-pools/fast/volumes/custom/ubuntu-24-04' },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadIsoVolume', () => {
  it('POSTs the file to the pool with X-LXD-type: iso and X-LXD-name, reporting progress', async () => {
    const xhr = new FakeXhr();
    const reports: UploadProgress[] = [];
    const file = new File([new Uint8Array(4096)], 'ubuntu 24.04.iso');
    const done = uploadIsoVolume({
      project: 'team a',
      pool: 'fast',
      name: 'ubuntu-24-04',
      file,
      onProgress: (progress) => reports.push(progress),
      createXhr: () => xhr,
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/1.0/storage-pools/fast/volumes/custom?project=team+a');
    expect(xhr.headers).toEqual([
      ['Content-Type', 'application/octet-stream'],
      ['X-LXD-type', 'iso'],
      ['X-LXD-name', 'ubuntu-24-04'],
      // Incus reads only its own names (src/lxd/server-headers.ts).
      ['X-Incus-type', 'iso'],
      ['X-Incus-name', 'ubuntu-24-04'],
    ]);
    expect(xhr.body).toBe(file);

    xhr.progress(1024, 4096);
    xhr.progress(2048, 0, false);
    xhr.uploaded();
    xhr.respond(202, operationAnswer);

    await expect(done).resolves.toBe('6f2c1b9e-iso');
    expect(reports).toEqual([
      { percentage: 0, loaded: 0, total: 4096 },
      { percentage: 25, loaded: 1024, total: 4096 },
      { percentage: 50, loaded: 2048, total: 4096 },
      { percentage: 100, loaded: 4096, total: 4096 },
    ]);
  });

  it('escapes the pool in the path', () => {
    const xhr = new FakeXhr();
    void uploadIsoVolume({
      project: 'default',
      pool: 'a/b',
      name: 'x',
      file: new Blob(['x']),
      createXhr: () => xhr,
    }).catch(() => undefined);
    expect(xhr.url).toBe('/1.0/storage-pools/a%2Fb/volumes/custom?project=default');
  });

  it('resolves without an operation when the server answered synchronously', async () => {
    const xhr = new FakeXhr();
    const done = uploadIsoVolume({
      project: 'default',
      pool: 'default',
      name: 'x',
      file: new Blob(['x']),
      createXhr: () => xhr,
    });
    xhr.respond(200, { type: 'sync', status: 'Success', status_code: 200, metadata: {} });
    await expect(done).resolves.toBeUndefined();
  });

  it("rejects with LXD's error text", async () => {
    const xhr = new FakeXhr();
    const done = uploadIsoVolume({
      project: 'default',
      pool: 'default',
      name: 'taken',
      file: new Blob(['x']),
      createXhr: () => xhr,
    });
    xhr.respond(409, {
      type: 'error',
      error: 'Volume by that name already exists',
      error_code: 409,
    });
    await expect(done).rejects.toEqual(
      new LxdApiError('Volume by that name already exists', 409, 409),
    );
  });

  it('aborts the request when the signal is aborted (Cancel upload)', async () => {
    const xhr = new FakeXhr();
    const controller = new AbortController();
    const done = uploadIsoVolume({
      project: 'default',
      pool: 'default',
      name: 'x',
      file: new Blob(['x']),
      signal: controller.signal,
      createXhr: () => xhr,
    });
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('says so when the connection is lost', async () => {
    const xhr = new FakeXhr();
    const done = uploadIsoVolume({
      project: 'default',
      pool: 'default',
      name: 'x',
      file: new Blob(['x']),
      createXhr: () => xhr,
    });
    xhr.emit('error');
    await expect(done).rejects.toThrow('The upload failed: the connection to the server was lost');
  });

  it('has the exact header set of the LXD reference', () => {
    expect(isoUploadHeaders('debian')).toEqual({
      'Content-Type': 'application/octet-stream',
      'X-LXD-type': 'iso',
      'X-LXD-name': 'debian',
    });
  });
});

function stubFetch(answer: (url: string, init?: RequestInit) => { status: number; body: unknown }) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      const { status, body } = answer(url, init);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return calls;
}

describe('ISO volume calls', () => {
  it('tells ISO volumes apart', () => {
    expect(isIsoVolume({ type: 'custom', content_type: 'iso' })).toBe(true);
    expect(isIsoVolume({ type: 'custom', content_type: 'block' })).toBe(false);
    expect(isIsoVolume({ type: 'image', content_type: 'iso' })).toBe(false);
  });

  it('lists the ISO volumes of every pool, each with its pool', async () => {
    stubFetch((url) => {
      if (url.startsWith('/1.0/storage-pools?')) {
        return { status: 200, body: { type: 'sync', metadata: [{ name: 'a' }, { name: 'b' }] } };
      }
      const pool = url.startsWith('/1.0/storage-pools/a/') ? 'a' : 'b';
      return {
        status: 200,
        body: {
          type: 'sync',
          metadata: [
            { name: `${pool}-iso`, type: 'custom', content_type: 'iso', config: {} },
            { name: `${pool}-fs`, type: 'custom', content_type: 'filesystem', config: {} },
          ],
        },
      };
    });
    const isos = await fetchIsoVolumes('default');
    expect(isos.map((v) => [v.pool, v.name])).toEqual([
      ['a', 'a-iso'],
      ['b', 'b-iso'],
    ]);
  });

  it('checks a name by looking it up in the pool: 404 means free', async () => {
    const calls = stubFetch((url) =>
      url.includes('/taken?')
        ? { status: 200, body: { type: 'sync', metadata: { name: 'taken' } } }
        : { status: 404, body: { type: 'error', error: 'Storage volume not found' } },
    );
    await expect(customVolumeNameExists('p', 'fast', 'taken')).resolves.toBe(true);
    await expect(customVolumeNameExists('p', 'fast', 'free')).resolves.toBe(false);
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/storage-pools/fast/volumes/custom/taken?project=p',
      '/1.0/storage-pools/fast/volumes/custom/free?project=p',
    ]);
  });

  it('deletes a volume and waits for the operation when LXD answers with one', async () => {
    const calls = stubFetch((url, init) => {
      if (init?.method === 'DELETE') {
        return {
          status: 202,
          body: { type: 'async', operation: '/1.0/operations/op-del', metadata: { id: 'op-del' } },
        };
      }
      return { status: 200, body: { type: 'sync', metadata: { id: 'op-del', status: 'Success' } } };
    });
    await deleteIsoVolume('default', 'fast', 'old');
    expect(calls).toEqual([
      { method: 'DELETE', url: '/1.0/storage-pools/fast/volumes/custom/old?project=default' },
      { method: 'GET', url: '/1.0/operations/op-del/wait?project=default&timeout=-1' },
    ]);
  });
});
