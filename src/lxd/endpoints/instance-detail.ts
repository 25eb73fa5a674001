/**
 * Calls of the instance detail page: the instance with its ETag, update, rename, copy, logs,
 * the console log, backups and the exec/console sessions (state changes and deletion are in
 * instances.ts).
 * Writes may answer synchronously or with an operation; `settle` waits for either.
 */
import {
  LxdApiError,
  buildUrl,
  del,
  get,
  getWithEtag,
  post,
  put,
  type LxdResult,
  type RequestOptions,
  type WithEtag,
} from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdBackupCreate } from '../types/backup';
import type { LxdDevice, LxdInstance } from '../types/instance';
import type { LxdOperation } from '../types/operation';

export const instancePath = (name: string) => `/1.0/instances/${encodeURIComponent(name)}`;

/** Waits for an asynchronous answer; a synchronous one is already settled. */
export async function settle(
  result: LxdResult<unknown>,
  project: string,
): Promise<LxdOperation | undefined> {
  if (result.type !== 'async') return undefined;
  return waitForOperation(operationId(result), { project });
}

export function fetchInstance(
  project: string,
  name: string,
  signal?: AbortSignal,
  entitlements?: string,
): Promise<WithEtag<LxdInstance>> {
  return getWithEtag<LxdInstance>(instancePath(name), {
    project,
    params: { 'with-access-entitlements': entitlements },
    signal,
  });
}

/** The writable fields of an instance (PUT /1.0/instances/{name}). */
export interface LxdInstancePut {
  description: string;
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
  profiles: string[];
  ephemeral: boolean;
  architecture?: string;
  stateful?: boolean;
}

/** PUT with the ETag the instance was read with: 412 when someone else changed it. */
export async function updateInstance(
  project: string,
  name: string,
  body: LxdInstancePut,
  etag: string | undefined,
): Promise<void> {
  await settle(await put(instancePath(name), body, { project, etag }), project);
}

export async function renameInstance(project: string, name: string, newName: string) {
  await settle(await post(instancePath(name), { name: newName }, { project }), project);
}

/**
 * POST /1.0/instances?project={target} {name, source: {type: copy, source, project}} with the
 * source's writable fields (as `lxc copy` sends them; LXD 5.0 needs its profiles and devices).
 */
export async function copyInstance(options: {
  project: string;
  name: string;
  newName: string;
  targetProject: string;
  instanceOnly: boolean;
  writable: Pick<LxdInstance, 'description' | 'profiles' | 'config' | 'devices' | 'ephemeral'>;
}): Promise<void> {
  const config = Object.fromEntries(
    Object.entries(options.writable.config).filter(([key]) => !key.startsWith('volatile.')),
  );
  const body = {
    name: options.newName,
    description: options.writable.description,
    profiles: options.writable.profiles,
    config,
    devices: options.writable.devices,
    ephemeral: options.writable.ephemeral,
    source: {
      type: 'copy',
      source: options.name,
      ...(options.targetProject !== options.project ? { project: options.project } : {}),
      instance_only: options.instanceOnly,
    },
  };
  const result = await post('/1.0/instances', body, { project: options.targetProject });
  await settle(result, options.targetProject);
}

/** A text answer (console log, log files): LXD sends raw text, not a JSON envelope. */
export async function getText(path: string, options: RequestOptions = {}): Promise<string> {
  const init: RequestInit = {};
  if (options.signal) init.signal = options.signal;
  const response = await fetch(buildUrl(path, options), init);
  const text = await response.text();
  if (response.ok) return text;
  let message = response.statusText || `Request failed with status ${response.status}`;
  try {
    const envelope = JSON.parse(text) as { error?: string };
    if (envelope.error) message = envelope.error;
  } catch {
    // not JSON: keep the status text
  }
  throw new LxdApiError(message, response.status);
}

/** GET /1.0/instances/{name}/logs: the file names (LXD lists them as URLs). */
export async function fetchLogFiles(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const urls = await get<string[] | null>(`${instancePath(name)}/logs`, { project, signal });
  return (urls ?? []).map((url) => decodeURIComponent(url.split('/').pop() ?? url)).sort();
}

export function fetchLogFile(project: string, name: string, file: string, signal?: AbortSignal) {
  return getText(`${instancePath(name)}/logs/${encodeURIComponent(file)}`, { project, signal });
}

/** GET /1.0/instances/{name}/console: what the console printed so far. */
export function fetchConsoleLog(project: string, name: string, signal?: AbortSignal) {
  return getText(`${instancePath(name)}/console`, { project, signal });
}

/** Creates a backup and waits until LXD has written it. */
export async function createBackup(
  project: string,
  name: string,
  body: LxdBackupCreate,
): Promise<void> {
  await settle(await post(`${instancePath(name)}/backups`, body, { project }), project);
}

export async function deleteBackup(project: string, name: string, backup: string) {
  const path = `${instancePath(name)}/backups/${encodeURIComponent(backup)}`;
  await settle(await del(path, { project }), project);
}

export function backupExportUrl(project: string, name: string, backup: string): string {
  return buildUrl(`${instancePath(name)}/backups/${encodeURIComponent(backup)}/export`, {
    project,
  });
}

/** The secrets of an interactive session: the data socket "0" and "control". */
export interface SessionSockets {
  operationId: string;
  data: string;
  control: string;
}

function sessionSockets(result: LxdResult<unknown>): SessionSockets {
  const id = operationId(result);
  const operation = result.metadata as Partial<LxdOperation> | undefined;
  const fds = (operation?.metadata as { fds?: Record<string, string> } | null | undefined)?.fds;
  const data = fds?.['0'];
  const control = fds?.control;
  if (!data || !control) throw new Error('LXD did not open the session websockets');
  return { operationId: id, data, control };
}

/** POST /1.0/instances/{name}/exec: an interactive command over websockets. */
export async function startExec(
  project: string,
  name: string,
  options: {
    command: string[];
    width: number;
    height: number;
    environment?: Record<string, string>;
  },
): Promise<SessionSockets> {
  const body = {
    command: options.command,
    'wait-for-websocket': true,
    interactive: true,
    width: options.width,
    height: options.height,
    environment: { TERM: 'xterm-256color', ...options.environment },
  };
  return sessionSockets(await post(`${instancePath(name)}/exec`, body, { project }));
}

/** POST /1.0/instances/{name}/console: the text console ("console") or SPICE ("vga"). */
export async function startConsole(
  project: string,
  name: string,
  options: { type: 'console' | 'vga'; width: number; height: number },
): Promise<SessionSockets> {
  const body = { type: options.type, width: options.width, height: options.height };
  return sessionSockets(await post(`${instancePath(name)}/console`, body, { project }));
}
