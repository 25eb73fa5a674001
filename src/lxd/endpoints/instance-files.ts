/**
 * Files inside an instance: /1.0/instances/{name}/files?path=…
 *
 * GET on a directory answers a JSON list of names (`X-LXD-type: directory`), on a file its raw
 * bytes (`X-LXD-type: file`); HEAD answers the same headers without a body, so an entry's type
 * and mode are cheap to learn. POST writes a file (octet-stream body) or makes a directory
 * (`X-LXD-type: directory`); DELETE removes a file or an empty directory.
 */
import { buildUrl, del, LxdApiError, readResult, request } from '../client';
import { downloadWithProgress, type DownloadProgress } from '../download';
import { xhrUpload, type UploadProgress } from '../upload';
import { instancePath } from './instance-detail';
import { serverHeader } from '../server-headers';

export type InstanceFileType = 'file' | 'directory' | 'symlink';

export interface InstanceFileInfo {
  type: InstanceFileType | undefined;
  /** "0644"; undefined when LXD did not say. */
  mode: string | undefined;
  uid: string | undefined;
  gid: string | undefined;
}

const filesPath = (name: string) => `${instancePath(name)}/files`;

/** The URL of a path in an instance (with the project). */
export function instanceFileUrl(project: string, name: string, path: string): string {
  return buildUrl(filesPath(name), { project, params: { path } });
}

/** `/etc` + `passwd` → `/etc/passwd`; `/` + `etc` → `/etc`. */
export function joinPath(dir: string, entry: string): string {
  return `${dir.replace(/\/+$/, '')}/${entry}`;
}

/** The directory a path is in ("/" for "/" itself). */
export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

function infoOf(headers: Headers): InstanceFileInfo {
  const type = serverHeader(headers, 'type');
  return {
    type: type === 'file' || type === 'directory' || type === 'symlink' ? type : undefined,
    mode: serverHeader(headers, 'mode') ?? undefined,
    uid: serverHeader(headers, 'uid') ?? undefined,
    gid: serverHeader(headers, 'gid') ?? undefined,
  };
}

/** HEAD a path: its type and mode (a 404 when it does not exist). */
export async function statInstanceFile(
  project: string,
  name: string,
  path: string,
  signal?: AbortSignal,
): Promise<InstanceFileInfo> {
  const init: RequestInit = signal ? { method: 'HEAD', signal } : { method: 'HEAD' };
  const response = await fetch(instanceFileUrl(project, name, path), init);
  if (!response.ok) {
    throw new LxdApiError(
      response.status === 404 ? `${path} does not exist` : `Could not read ${path}`,
      response.status,
    );
  }
  return infoOf(response.headers);
}

export type InstanceDirectory =
  | { kind: 'directory'; path: string; entries: string[]; info: InstanceFileInfo }
  | { kind: 'file'; path: string; info: InstanceFileInfo }
  /** LXD answers a symbolic link with the path it points to. */
  | { kind: 'symlink'; path: string; target: string; info: InstanceFileInfo };

/**
 * GET a path: a directory's names, a link's target, or (for a file) only its headers; a file's
 * body is left unread (cancelled), it is downloaded on demand.
 */
export async function readInstancePath(
  project: string,
  name: string,
  path: string,
  signal?: AbortSignal,
): Promise<InstanceDirectory> {
  const init: RequestInit = signal ? { signal } : {};
  const response = await fetch(instanceFileUrl(project, name, path), init);
  const info = infoOf(response.headers);
  if (response.ok && info.type === 'symlink') {
    return { kind: 'symlink', path, target: (await response.text()).trim(), info };
  }
  if (response.ok && info.type !== 'directory') {
    await response.body?.cancel();
    return { kind: 'file', path, info };
  }
  const result = await readResult<string[] | null>(response);
  return { kind: 'directory', path, entries: result.metadata ?? [], info };
}

/** A file's bytes, streamed with progress. */
export function downloadInstanceFile(
  project: string,
  name: string,
  path: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  return downloadWithProgress(instanceFileUrl(project, name, path), onProgress, signal);
}

/** Writes `file` to `path` (overwriting), mode 0644, with progress. */
export async function uploadInstanceFile(
  project: string,
  name: string,
  path: string,
  file: Blob,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<void> {
  await xhrUpload({
    url: instanceFileUrl(project, name, path),
    body: file,
    size: file.size,
    headers: {
      'Content-Type': 'application/octet-stream',
      'X-LXD-type': 'file',
      'X-LXD-write': 'overwrite',
      'X-LXD-mode': '0644',
    },
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

/** Makes a directory (mode 0755). */
export async function createInstanceDirectory(
  project: string,
  name: string,
  path: string,
): Promise<void> {
  await request(filesPath(name), {
    method: 'POST',
    project,
    params: { path },
    headers: { 'X-LXD-type': 'directory', 'X-LXD-mode': '0755' },
  });
}

/** Deletes a file or an empty directory. */
export async function deleteInstanceFile(
  project: string,
  name: string,
  path: string,
): Promise<void> {
  await del(filesPath(name), { project, params: { path } });
}
