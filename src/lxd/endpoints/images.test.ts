import { afterEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../client';
import {
  fetchAllProjectsImages,
  fetchImages,
  uploadImage,
  uploadProgress,
  type UploadProgress,
  type UploadXhr,
} from './images';

type Listener = (event: ProgressEvent) => void;

/** A stand-in for XMLHttpRequest that records what is sent and lets the test drive events. */
class FakeXhr implements UploadXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
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
    this.headers[name] = value;
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
    for (const listener of this.uploadListeners.get('load') ?? []) {
      listener({} as ProgressEvent);
    }
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}

const operationAnswer = {
  type: 'async',
  status: 'Operation created',
  status_code: 100,
  operation: '/1.0/operations/op-123',
  metadata: { id: 'op-123', class: 'task' },
};

describe('uploadProgress', () => {
  it('reports the whole percentage, bytes loaded and total', () => {
    expect(uploadProgress(0, 2000)).toEqual({ percentage: 0, loaded: 0, total: 2000 });
    expect(uploadProgress(999, 2000)).toEqual({ percentage: 49, loaded: 999, total: 2000 });
    expect(uploadProgress(1999, 2000).percentage).toBe(99);
    expect(uploadProgress(2000, 2000)).toEqual({ percentage: 100, loaded: 2000, total: 2000 });
  });

  it('stays between 0 and 100 and copes with an unknown total', () => {
    expect(uploadProgress(3000, 2000)).toEqual({ percentage: 100, loaded: 2000, total: 2000 });
    expect(uploadProgress(-5, 2000).percentage).toBe(0);
    expect(uploadProgress(10, 0)).toEqual({ percentage: 0, loaded: 0, total: 0 });
  });
});

describe('uploadImage', () => {
  it('sends a unified tarball as octet-stream with the public flag and reports progress', async () => {
    const xhr = new FakeXhr();
    const reports: UploadProgress[] = [];
    const file = new File([new Uint8Array(4000)], 'busybox.tar.gz');
    const done = uploadImage({
      project: 'demo',
      source: { kind: 'unified', file },
      isPublic: true,
      onProgress: (progress) => reports.push(progress),
      createXhr: () => xhr,
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/1.0/images?project=demo');
    expect(xhr.headers).toEqual({
      'X-LXD-public': 'true',
      'Content-Type': 'application/octet-stream',
      'X-LXD-filename': 'busybox.tar.gz',
      // Incus reads only its own names (src/lxd/server-headers.ts).
      'X-Incus-public': 'true',
      'X-Incus-filename': 'busybox.tar.gz',
    });
    expect(xhr.body).toBe(file);

    xhr.progress(1000, 4000);
    xhr.progress(3999, 4000);
    xhr.uploaded();
    xhr.respond(202, operationAnswer);

    await expect(done).resolves.toBe('op-123');
    expect(reports).toEqual([
      { percentage: 0, loaded: 0, total: 4000 },
      { percentage: 25, loaded: 1000, total: 4000 },
      { percentage: 99, loaded: 3999, total: 4000 },
      { percentage: 100, loaded: 4000, total: 4000 },
    ]);
  });

  it('uses the file size when the browser cannot compute the length', async () => {
    const xhr = new FakeXhr();
    const reports: UploadProgress[] = [];
    const done = uploadImage({
      project: 'default',
      source: { kind: 'unified', file: new Blob([new Uint8Array(200)]) },
      isPublic: false,
      onProgress: (progress) => reports.push(progress),
      createXhr: () => xhr,
    });
    expect(xhr.headers['X-LXD-public']).toBe('false');
    expect(xhr.headers['X-LXD-filename']).toBeUndefined();
    xhr.progress(50, 0, false);
    xhr.respond(202, operationAnswer);
    await done;
    expect(reports.at(-1)).toEqual({ percentage: 25, loaded: 50, total: 200 });
  });

  it('sends a split image as a multipart form, metadata first, with the browser content type', async () => {
    const xhr = new FakeXhr();
    const done = uploadImage({
      project: 'default',
      source: { kind: 'split', metadata: new Blob(['m']), rootfs: new Blob(['rootfs']) },
      isPublic: false,
      createXhr: () => xhr,
    });
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect(xhr.body).toBeInstanceOf(FormData);
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['metadata', 'rootfs']);
    xhr.respond(202, operationAnswer);
    await done;
  });

  it('names the root file system part rootfs.img for a virtual machine', () => {
    const xhr = new FakeXhr();
    void uploadImage({
      project: 'default',
      source: {
        kind: 'split',
        metadata: new Blob(['m']),
        rootfs: new Blob(['disk']),
        virtualMachine: true,
      },
      isPublic: false,
      createXhr: () => xhr,
    });
    expect([...(xhr.body as FormData).keys()]).toEqual(['metadata', 'rootfs.img']);
  });

  it("rejects with LXD's error text", async () => {
    const xhr = new FakeXhr();
    const done = uploadImage({
      project: 'default',
      source: { kind: 'unified', file: new Blob(['x']) },
      isPublic: false,
      createXhr: () => xhr,
    });
    xhr.respond(403, { type: 'error', error: 'not authorized', error_code: 403 });
    await expect(done).rejects.toEqual(new LxdApiError('not authorized', 403, 403));
  });

  it('aborts the request when the signal is aborted (cancel button)', async () => {
    const xhr = new FakeXhr();
    const controller = new AbortController();
    const done = uploadImage({
      project: 'default',
      source: { kind: 'unified', file: new Blob(['x']) },
      isPublic: false,
      signal: controller.signal,
      createXhr: () => xhr,
    });
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('image lists', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFetch() {
    const fetchMock = vi.fn<(url: string) => Promise<Response>>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ type: 'sync', metadata: [] }), { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('asks one project with recursion=1 and can_delete in fine-grained mode', async () => {
    const fetchMock = stubFetch();
    await fetchImages('demo', { entitlements: 'can_delete' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/1.0/images?project=demo&recursion=1&with-access-entitlements=can_delete',
    );
    await fetchImages('demo');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/1.0/images?project=demo&recursion=1');
  });

  it('asks every project with all-projects=1', async () => {
    const fetchMock = stubFetch();
    await fetchAllProjectsImages();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/1.0/images?recursion=1&all-projects=1');
  });
});
