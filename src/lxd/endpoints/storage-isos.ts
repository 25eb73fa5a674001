/**
 * Custom ISO volumes (servers with `custom_volume_iso`): custom volumes whose content type is
 * `iso`. An ISO is uploaded as the raw body of POST /1.0/storage-pools/{pool}/volumes/custom
 * with the headers `X-LXD-type: iso` and `X-LXD-name` (LXD's `storagePoolVolumesPost`); the
 * answer is an operation that writes the file into the pool. The upload goes through
 * XMLHttpRequest, as the image upload does, because fetch cannot report upload progress.
 */
import { buildUrl, del, type LxdResult } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdStorageVolume } from '../types/storage';
import { xhrUpload, type UploadProgress, type UploadXhr } from '../upload';
import { nameExists } from './names';
import { storagePoolPath } from './storage-pools';
import { fetchProjectVolumes, storageVolumePath } from './storage-volumes';

export type { UploadProgress, UploadXhr };

/** Whether a volume is a custom ISO volume. */
export function isIsoVolume(volume: Pick<LxdStorageVolume, 'type' | 'content_type'>): boolean {
  return volume.type === 'custom' && volume.content_type === 'iso';
}

/** The ISO volumes of every pool of a project, each with its pool. */
export async function fetchIsoVolumes(
  project: string,
  signal?: AbortSignal,
  entitlements?: string,
): Promise<LxdStorageVolume[]> {
  return (await fetchProjectVolumes(project, signal, { entitlements })).filter(isIsoVolume);
}

/**
 * Spec §7 name check for a custom volume of a pool:
 * GET /1.0/storage-pools/{pool}/volumes/custom/{name}?project (404 = free).
 */
export function customVolumeNameExists(
  project: string,
  pool: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const collection = `${storagePoolPath(pool).slice('/1.0/'.length)}/volumes/custom`;
  return nameExists(collection, name, signal ? { project, signal } : { project });
}

/** Writes may answer at once or with an operation (LXD 6.6+): wait for either. */
async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

/** DELETE /1.0/storage-pools/{pool}/volumes/custom/{name}?project. */
export async function deleteIsoVolume(project: string, pool: string, name: string) {
  await settled(await del(storageVolumePath(pool, 'custom', name), { project }), project);
}

/** What a binary upload resolves with: the operation to wait for, if LXD answered with one. */
export interface UploadAnswer {
  operation: string | undefined;
}

export interface SendUploadOptions {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborting it aborts the upload (xhr.abort()); the promise rejects with an AbortError. */
  signal?: AbortSignal | undefined;
  createXhr?: (() => UploadXhr) | undefined;
}

/**
 * POSTs a binary body with XMLHttpRequest, reporting progress (percentage, bytes sent, total).
 * A status outside 200–299 rejects with LXD's `error` text; an asynchronous answer resolves
 * with its operation id.
 */
export async function sendUpload(options: SendUploadOptions): Promise<UploadAnswer> {
  const { url, headers, body, onProgress, signal, createXhr } = options;
  const answer = await xhrUpload({
    url,
    body,
    size: body.size,
    headers,
    // Progress is reported against the body's size, whatever the progress events say.
    eventTotal: false,
    onProgress,
    signal,
    createXhr,
  });
  if (answer.type !== 'async') return { operation: undefined };
  return { operation: operationId(answer) };
}

export interface UploadIsoOptions {
  project: string;
  pool: string;
  /** The new volume's name (`X-LXD-name`). */
  name: string;
  file: Blob;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
  createXhr?: (() => UploadXhr) | undefined;
}

/** The headers of an ISO upload, in the order they are set. */
export function isoUploadHeaders(name: string): Record<string, string> {
  return {
    'Content-Type': 'application/octet-stream',
    'X-LXD-type': 'iso',
    'X-LXD-name': name,
  };
}

/**
 * POST /1.0/storage-pools/{pool}/volumes/custom?project= with the ISO file as the body.
 * Resolves with the id of the operation that writes it into the pool (undefined when the
 * server answered synchronously).
 */
export async function uploadIsoVolume(options: UploadIsoOptions): Promise<string | undefined> {
  const answer = await sendUpload({
    url: buildUrl(`${storagePoolPath(options.pool)}/volumes/custom`, { project: options.project }),
    headers: isoUploadHeaders(options.name),
    body: options.file,
    onProgress: options.onProgress,
    signal: options.signal,
    createXhr: options.createXhr,
  });
  return answer.operation;
}
