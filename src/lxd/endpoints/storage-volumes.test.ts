import { afterEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../client';
import type { UploadProgress, UploadXhr } from './images';
import {
  copyStorageVolume,
  copyVolumeBody,
  createStorageVolume,
  createVolumeBackup,
  createVolumeSnapshot,
  deleteStorageVolume,
  deleteVolumeBackup,
  fetchPoolVolumes,
  fetchProjectVolumes,
  fetchStorageVolume,
  fetchVolumeSnapshots,
  moveStorageVolume,
  renameVolumeSnapshot,
  restoreVolumeSnapshot,
  storageVolumeExists,
  updateStorageVolume,
  uploadVolumeFile,
  volumeBackupExportUrl,
  type VolumeLocation,
} from './storage-volumes';

interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
  signal: AbortSignal | null | undefined;
}

const sync = (metadata: unknown = {}, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'sync', status_code: 200, metadata }), {
    status: 200,
    headers,
  });
const async = (id: string) =>
  new Response(
    JSON.stringify({
      type: 'async',
      status_code: 100,
      operation: `/1.0/operations/${id}`,
      metadata: { id },
    }),
    { status: 202 },
  );
const error = (status: number, text: string) =>
  new Response(JSON.stringify({ type: 'error', error_code: status, error: text }), { status });

/** Answers each request with the next of `answers` (a function gets the URL). */
function mockFetch(...answers: (Response | ((url: string) => Response))[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        headers: new Headers(init.headers),
        signal: init.signal,
      });
      const next = answers.shift() ?? sync();
      return Promise.resolve(typeof next === 'function' ? next(url) : next);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const vol: VolumeLocation = { project: 'p1', pool: 'pool a', type: 'custom', name: 'data' };
const volumePath = '/1.0/storage-pools/pool%20a/volumes/custom/data';

describe('listing volumes', () => {
  it('asks each pool with recursion and fills in the pool LXD 5.0 leaves out', async () => {
    const calls = mockFetch(
      sync([{ name: 'default' }, { name: 'fast' }]),
      (url) =>
        sync(
          url.includes('/default/')
            ? [
                { name: 'v1', type: 'custom', config: {} },
                { name: 'v1/snap0', type: 'custom', config: {} },
              ]
            : [{ name: 'v2', type: 'custom', config: {}, pool: 'fast' }],
        ),
      (url) =>
        sync(
          url.includes('/default/')
            ? [{ name: 'v1', type: 'custom', config: {} }]
            : [{ name: 'v2', type: 'custom', config: {}, pool: 'fast' }],
        ),
    );
    const volumes = await fetchProjectVolumes('p1');
    expect(calls.map((call) => call.url)).toEqual([
      '/1.0/storage-pools?project=p1&recursion=1',
      '/1.0/storage-pools/default/volumes?project=p1&recursion=1',
      '/1.0/storage-pools/fast/volumes?project=p1&recursion=1',
    ]);
    expect(volumes.map((v) => `${v.pool ?? ''}:${v.name}`)).toEqual([
      'default:v1',
      'default:v1/snap0',
      'fast:v2',
    ]);
  });

  it('asks for entitlements and a member when told', async () => {
    const calls = mockFetch(sync(null));
    await expect(
      fetchPoolVolumes('p1', 'default', { target: 'm1', entitlements: 'can_edit,can_delete' }),
    ).resolves.toEqual([]);
    expect(calls[0]?.url).toBe(
      '/1.0/storage-pools/default/volumes?project=p1&target=m1&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });
});

describe('one volume', () => {
  it('keeps the ETag for a later PUT', async () => {
    const calls = mockFetch(sync({ name: 'data', config: {} }, { ETag: '"abc"' }));
    const volume = await fetchStorageVolume({ ...vol, member: 'm2' });
    expect(calls[0]?.url).toBe(`${volumePath}?project=p1&target=m2`);
    expect(volume).toMatchObject({ name: 'data', pool: 'pool a', etag: '"abc"' });
  });

  it('checks a name in the pool with GET …/volumes/custom/{name}?project (404 = free)', async () => {
    const calls = mockFetch(error(404, 'Storage volume not found'), sync({}));
    const controller = new AbortController();
    await expect(storageVolumeExists('p1', 'pool a', 'new vol', controller.signal)).resolves.toBe(
      false,
    );
    await expect(storageVolumeExists('p1', 'pool a', 'data')).resolves.toBe(true);
    expect(calls[0]?.url).toBe('/1.0/storage-pools/pool%20a/volumes/custom/new%20vol?project=p1');
    expect(calls[0]?.signal).toBe(controller.signal);
  });
});

describe('writes', () => {
  it('creates a custom volume (sync answer)', async () => {
    const calls = mockFetch(sync());
    await createStorageVolume('p1', 'pool a', {
      name: 'data',
      type: 'custom',
      content_type: 'block',
      config: { size: '1GiB' },
    });
    expect(calls[0]).toMatchObject({
      url: '/1.0/storage-pools/pool%20a/volumes/custom?project=p1',
      method: 'POST',
      body: { name: 'data', type: 'custom', content_type: 'block', config: { size: '1GiB' } },
    });
  });

  it('waits for the operation of an async answer and throws its error', async () => {
    const calls = mockFetch(
      async('op1'),
      sync({ id: 'op1', status: 'Failure', err: 'Not enough space' }),
    );
    await expect(
      createStorageVolume('p1', 'default', { name: 'x', type: 'custom', config: {} }),
    ).rejects.toThrow('Not enough space');
    expect(calls[1]?.url).toBe('/1.0/operations/op1/wait?project=p1&timeout=-1');
  });

  it('PUTs description and config with If-Match; 412 is a conflict', async () => {
    const calls = mockFetch(error(412, 'ETag mismatch'));
    const failure = updateStorageVolume(
      vol,
      { description: 'd', config: { size: '2GiB' } },
      '"e1"',
    );
    await expect(failure).rejects.toEqual(new LxdApiError('ETag mismatch', 412, 412));
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url).toBe(`${volumePath}?project=p1`);
    expect(calls[0]?.headers.get('If-Match')).toBe('"e1"');
    expect(calls[0]?.body).toEqual({ description: 'd', config: { size: '2GiB' } });
  });

  it('renames and moves with POST {name[, pool][, project]}', async () => {
    const calls = mockFetch(sync(), async('op2'), sync({ id: 'op2', status: 'Success' }));
    await moveStorageVolume(vol, { name: 'renamed' });
    await moveStorageVolume(vol, { name: 'data', pool: 'fast', project: 'p2' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${volumePath}?project=p1`,
      body: { name: 'renamed' },
    });
    expect(calls[1]?.body).toEqual({ name: 'data', pool: 'fast', project: 'p2' });
  });

  it('copies into the target pool and project with a copy source and no config', async () => {
    const request = {
      source: vol,
      targetPool: 'fast',
      targetProject: 'p2',
      name: 'data-copy',
      withSnapshots: false,
    };
    expect(copyVolumeBody(request)).toEqual({
      name: 'data-copy',
      type: 'custom',
      source: { type: 'copy', name: 'data', pool: 'pool a', project: 'p1', volume_only: true },
    });
    const calls = mockFetch(async('op3'), sync({ id: 'op3', status: 'Success' }));
    await copyStorageVolume(request);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/1.0/storage-pools/fast/volumes/custom?project=p2',
    });
    expect(calls[1]?.url).toBe('/1.0/operations/op3/wait?project=p2&timeout=-1');
  });

  it('deletes with the member as target', async () => {
    const calls = mockFetch(sync());
    await deleteStorageVolume({ ...vol, member: 'm1' });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `${volumePath}?project=p1&target=m1` });
  });
});

describe('snapshots', () => {
  it('lists with recursion and keeps the snapshot part of full names', async () => {
    mockFetch(sync([{ name: 'data/snap0' }, { name: 'snap1' }]));
    const snapshots = await fetchVolumeSnapshots(vol);
    expect(snapshots.map((s) => s.name)).toEqual(['snap0', 'snap1']);
  });

  it('creates, renames, deletes and restores (PUT {restore})', async () => {
    const calls = mockFetch(sync(), sync(), sync(), sync());
    await createVolumeSnapshot(vol, { name: 's1', expires_at: '2030-01-01T00:00:00.000Z' });
    await renameVolumeSnapshot(vol, 's1', 's2');
    await restoreVolumeSnapshot(vol, 's2');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${volumePath}/snapshots?project=p1`,
      body: { name: 's1', expires_at: '2030-01-01T00:00:00.000Z' },
    });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: `${volumePath}/snapshots/s1?project=p1`,
      body: { name: 's2' },
    });
    expect(calls[2]).toMatchObject({
      method: 'PUT',
      url: `${volumePath}?project=p1`,
      body: { restore: 's2' },
    });
  });
});

describe('backups', () => {
  it('creates a backup, gives its export URL and deletes it', async () => {
    const calls = mockFetch(async('op4'), sync({ id: 'op4', status: 'Success' }), sync());
    await createVolumeBackup(vol, { name: 'b1', volume_only: false });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${volumePath}/backups?project=p1`,
      body: { name: 'b1', volume_only: false },
    });
    expect(volumeBackupExportUrl(vol, 'b1')).toBe(`${volumePath}/backups/b1/export?project=p1`);
    await deleteVolumeBackup(vol, 'b1');
    expect(calls[2]).toMatchObject({
      method: 'DELETE',
      url: `${volumePath}/backups/b1?project=p1`,
    });
  });
});

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
  progress(loaded: number, total: number) {
    const event = { loaded, total, lengthComputable: true } as ProgressEvent;
    for (const listener of this.uploadListeners.get('progress') ?? []) listener(event);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}

describe('uploading a backup or an ISO', () => {
  const file = new File([new Uint8Array(1000)], 'data.tar.gz');

  it('POSTs the file as octet-stream with X-LXD-name, reports progress, gives the operation', async () => {
    const xhr = new FakeXhr();
    const reports: UploadProgress[] = [];
    const done = uploadVolumeFile({
      project: 'p1',
      pool: 'pool a',
      name: 'restored',
      file,
      onProgress: (progress) => reports.push(progress),
      createXhr: () => xhr,
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/1.0/storage-pools/pool%20a/volumes/custom?project=p1');
    expect(xhr.headers).toEqual({
      'Content-Type': 'application/octet-stream',
      'X-LXD-name': 'restored',
      'X-Incus-name': 'restored',
    });
    expect(xhr.body).toBe(file);
    xhr.progress(500, 1000);
    xhr.respond(202, {
      type: 'async',
      operation: '/1.0/operations/op-9',
      metadata: { id: 'op-9' },
    });
    await expect(done).resolves.toBe('op-9');
    expect(reports).toContainEqual({ percentage: 50, loaded: 500, total: 1000 });
  });

  it('marks ISO images with X-LXD-type: iso', () => {
    const xhr = new FakeXhr();
    void uploadVolumeFile({
      project: 'p1',
      pool: 'default',
      name: 'ubuntu',
      file,
      kind: 'iso',
      createXhr: () => xhr,
    }).catch(() => undefined);
    expect(xhr.headers['X-LXD-type']).toBe('iso');
    xhr.abort();
  });

  it("rejects with LXD's error text, and with an AbortError when cancelled", async () => {
    const failing = new FakeXhr();
    const failed = uploadVolumeFile({
      project: 'p1',
      pool: 'default',
      name: 'x',
      file,
      createXhr: () => failing,
    });
    failing.respond(400, { type: 'error', error: 'Invalid backup file', error_code: 400 });
    await expect(failed).rejects.toEqual(new LxdApiError('Invalid backup file', 400, 400));

    const cancelled = new FakeXhr();
    const controller = new AbortController();
    const stopped = uploadVolumeFile({
      project: 'p1',
      pool: 'default',
      name: 'x',
      file,
      signal: controller.signal,
      createXhr: () => cancelled,
    });
    controller.abort();
    expect(cancelled.aborted).toBe(true);
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
  });
});
