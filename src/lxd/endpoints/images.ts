/**
 * Image calls of spec §7: lists (one project or all projects), deletion (an operation), aliases,
 * publishing an instance or snapshot (JSON body) and uploading an image file (binary body, sent
 * with XMLHttpRequest because fetch cannot report upload progress).
 */
import { buildUrl, del, get, getWithEtag, post, put, type LxdResult } from '../client';
import { operationId } from '../operations';
import type {
  LxdImage,
  LxdImageAlias,
  LxdImageAliasPost,
  LxdImagePublish,
  LxdImagePut,
} from '../types/image';
import {
  isHeaderSafe,
  uploadProgress,
  xhrUpload,
  type UploadProgress,
  type UploadXhr,
} from '../upload';

export { uploadProgress, type UploadProgress, type UploadXhr };

interface ListOptions {
  /** `with-access-entitlements` (fine-grained mode only). */
  entitlements?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** GET /1.0/images?recursion=1&project={project}. */
export function fetchImages(project: string, options: ListOptions = {}): Promise<LxdImage[]> {
  return get<LxdImage[]>('/1.0/images', {
    project,
    recursion: 1,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
}

/** GET /1.0/images?recursion=1&all-projects=1 (servers with `images_all_projects`). */
export function fetchAllProjectsImages(options: ListOptions = {}): Promise<LxdImage[]> {
  return get<LxdImage[]>('/1.0/images', {
    recursion: 1,
    params: { 'all-projects': 1, 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
}

/**
 * Every project's images on a server without `images_all_projects` (LXD 5.0): one list call per
 * project that keeps its own images (`features.images`), plus `default`, whose images the other
 * projects share. Each image is tagged with the project it was listed in, as the server does.
 */
export async function fetchImagesPerProject(
  projects: readonly { name: string; config?: Record<string, string | undefined> }[],
  options: ListOptions = {},
): Promise<LxdImage[]> {
  const own = projects
    .filter((p) => p.name === 'default' || p.config?.['features.images'] === 'true')
    .map((p) => p.name);
  const lists = await Promise.all(
    own.map(async (project) =>
      (await fetchImages(project, options)).map((image) => ({ ...image, project })),
    ),
  );
  return lists.flat();
}

const imagePath = (fingerprint: string) => `/1.0/images/${encodeURIComponent(fingerprint)}`;

/**
 * GET /1.0/images/{fingerprint}/export?project=: the image file itself (a unified tarball), or a
 * multipart/form-data answer with a "metadata" and a "rootfs" part (a split image).
 */
export function imageExportUrl(fingerprint: string, project: string): string {
  return buildUrl(`${imagePath(fingerprint)}/export`, { project });
}

/**
 * GET /1.0/images/{fingerprint}?project= with its ETag (for the PUT of an edit) and, when asked,
 * the caller's entitlements on it.
 */
export function fetchImage(fingerprint: string, project: string, options: ListOptions = {}) {
  return getWithEtag<LxdImage>(imagePath(fingerprint), {
    project,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
}

/** PUT /1.0/images/{fingerprint}?project= with the whole ImagePut and the ETag it was read with. */
export async function updateImage(
  fingerprint: string,
  project: string,
  body: LxdImagePut,
  etag: string | undefined,
): Promise<void> {
  await put(imagePath(fingerprint), body, { project, etag });
}

/** DELETE /1.0/images/{fingerprint}?project=: LXD answers with an operation. */
export function deleteImage(fingerprint: string, project: string): Promise<LxdResult<unknown>> {
  return del(imagePath(fingerprint), { project });
}

/** GET /1.0/images/aliases?recursion=1&project= (with the caller's entitlements when asked). */
export function fetchImageAliases(
  project: string,
  options: ListOptions = {},
): Promise<LxdImageAlias[]> {
  return get<LxdImageAlias[]>('/1.0/images/aliases', {
    project,
    recursion: 1,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
}

/** POST /1.0/images/aliases?project= body {target, name}. */
export async function createImageAlias(project: string, alias: LxdImageAliasPost): Promise<void> {
  await post('/1.0/images/aliases', alias, { project });
}

/** DELETE /1.0/images/aliases/{name}?project=. */
export async function deleteImageAlias(project: string, name: string): Promise<void> {
  await del(`/1.0/images/aliases/${encodeURIComponent(name)}`, { project });
}

/** POST /1.0/images?project= with a JSON body: creates an image from an instance or snapshot. */
export function publishImage(project: string, body: LxdImagePublish): Promise<LxdResult<unknown>> {
  return post('/1.0/images', body, { project });
}

/** What is uploaded: one unified tarball, or a metadata tarball with a root file system. */
export type ImageUploadSource =
  | { kind: 'unified'; file: Blob; filename?: string | undefined }
  | { kind: 'split'; metadata: Blob; rootfs: Blob; virtualMachine?: boolean | undefined };

export interface UploadImageOptions {
  project: string;
  source: ImageUploadSource;
  /** Sent as the `X-LXD-public` header. */
  isPublic: boolean;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborting it aborts the upload (xhr.abort()). */
  signal?: AbortSignal | undefined;
  createXhr?: (() => UploadXhr) | undefined;
}

function uploadBody(source: ImageUploadSource): { body: Blob | FormData; size: number } {
  if (source.kind === 'unified') return { body: source.file, size: source.file.size };
  // LXD reads the parts in this order: "metadata", then "rootfs" (or "rootfs.img" for a VM).
  const form = new FormData();
  form.append('metadata', source.metadata, 'metadata');
  form.append(source.virtualMachine ? 'rootfs.img' : 'rootfs', source.rootfs, 'rootfs');
  return { body: form, size: source.metadata.size + source.rootfs.size };
}

/**
 * POST /1.0/images?project= with the image file as the body and `X-LXD-public: true|false`.
 * A unified tarball goes as application/octet-stream; a split image as the multipart form LXD
 * expects (metadata part first). Resolves with the id of the operation that imports the image.
 */
export async function uploadImage(options: UploadImageOptions): Promise<string> {
  const { project, source, isPublic, onProgress, signal, createXhr } = options;
  const { body, size } = uploadBody(source);
  // A file name outside printable ASCII is left out (header values must be Latin-1).
  const headers: Record<string, string> = { 'X-LXD-public': isPublic ? 'true' : 'false' };
  if (source.kind === 'unified') {
    headers['Content-Type'] = 'application/octet-stream';
    const filename = source.filename ?? (source.file instanceof File ? source.file.name : '');
    if (filename && isHeaderSafe(filename)) headers['X-LXD-filename'] = filename;
  }
  const answer = await xhrUpload({
    url: buildUrl('/1.0/images', { project }),
    body,
    size,
    headers,
    onProgress,
    signal,
    createXhr,
  });
  return operationId(answer);
}
