/**
 * Calls of the instance detail page: the instance with its ETag, update, rename, copy, logs,
 * the console log, backups and the exec/console sessions (state changes and deletion are in
 * instances.ts).
 * Writes may answer synchronously or with an operation; `settle` waits for either.
 */
import { buildUrl, del, get, getText, post, put, type LxdResult } from '../client';
import { operationId, waitForOperation } from '../operations';
import { urlNames } from '../url-name';
import type { LxdBackupCreate } from '../types/backup';
import type { LxdDevice, LxdInstance } from '../types/instance';
import type { LxdOperation } from '../types/operation';
import {
  migrate,
  type MigrationMode,
  type MigrationPeer,
  type MigrationRequest,
  type RemoteCopyOptions,
  type RemoteRef,
} from './migration';

/** One instance with its ETag (in instances.ts: the instance list's rows fetch it too). */
export { fetchInstance } from './instances';

export const instancePath = (name: string) => `/1.0/instances/${encodeURIComponent(name)}`;

/** Waits for an asynchronous answer; a synchronous one is already settled. */
export async function settle(
  result: LxdResult<unknown>,
  project: string,
): Promise<LxdOperation | undefined> {
  if (result.type !== 'async') return undefined;
  return waitForOperation(operationId(result), { project });
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

/** Where a copy goes besides its project: a cluster member (`target=`) and a storage pool. */
export interface CopyPlacement {
  /** A cluster member (or `@group`); the server picks when empty. */
  target?: string | undefined;
  /**
   * The storage pool of the copy's root disk; the source's when empty. Sent as the root disk
   * device with `pool` replaced (LXD places the copy where its root disk device says).
   */
  pool?: string | undefined;
}

export interface CopyInstanceOptions extends CopyPlacement {
  project: string;
  name: string;
  newName: string;
  targetProject: string;
  instanceOnly: boolean;
  writable: Pick<LxdInstance, 'description' | 'profiles' | 'config' | 'devices' | 'ephemeral'> &
    Partial<Pick<LxdInstance, 'expanded_devices' | 'architecture'>>;
}

/** The name and device of the instance's root disk (its own, or the one its profiles give). */
export function rootDisk(
  instance: Pick<LxdInstance, 'devices'> & Partial<Pick<LxdInstance, 'expanded_devices'>>,
): [string, LxdDevice] | undefined {
  const isRoot = ([, device]: [string, LxdDevice]) => device.type === 'disk' && device.path === '/';
  return (
    Object.entries(instance.devices).find(isRoot) ??
    Object.entries(instance.expanded_devices ?? {}).find(isRoot)
  );
}

/** The devices of the copy: the source's, with the root disk on `pool` when one is asked for. */
function copyDevices(
  writable: Pick<LxdInstance, 'devices'> & Partial<Pick<LxdInstance, 'expanded_devices'>>,
  pool: string | undefined,
): Record<string, LxdDevice> {
  const devices = { ...writable.devices };
  if (!pool) return devices;
  const [name, device] = rootDisk(writable) ?? ['root', { type: 'disk', path: '/' }];
  devices[name] = { ...device, pool };
  return devices;
}

/** The config a copy takes: the source's own, without LXD's `volatile.*` state. */
const copyConfig = (config: Record<string, string>) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !key.startsWith('volatile.')));

/**
 * The request of a copy: POST /1.0/instances?project={target}[&target={member}] {name, source:
 * {type: copy, source, project}} with the source's writable fields (as `lxc copy` sends them; LXD
 * 5.0 needs its profiles and devices, and its architecture to copy to another member).
 */
export function copyInstanceRequest(options: CopyInstanceOptions) {
  const body = {
    name: options.newName,
    description: options.writable.description,
    profiles: options.writable.profiles,
    config: copyConfig(options.writable.config),
    devices: copyDevices(options.writable, options.pool),
    ephemeral: options.writable.ephemeral,
    // A copy to another cluster member is a migration there, which needs the architecture
    // (without it LXD 5.0 answers "Architecture isn't supported").
    ...(options.writable.architecture ? { architecture: options.writable.architecture } : {}),
    source: {
      type: 'copy',
      source: options.name,
      ...(options.targetProject !== options.project ? { project: options.project } : {}),
      instance_only: options.instanceOnly,
    },
  };
  return {
    path: '/1.0/instances',
    project: options.targetProject,
    target: options.target || undefined,
    body,
  };
}

/** Sends a copy and waits for its operation (`wait` replaces LXD's long poll). */
export async function copyInstance(
  options: CopyInstanceOptions,
  wait?: (operationId: string, project: string) => Promise<unknown>,
): Promise<void> {
  const request = copyInstanceRequest(options);
  const result = await post(request.path, request.body, {
    project: request.project,
    target: request.target,
  });
  if (wait && result.type === 'async') await wait(operationId(result), request.project);
  else await settle(result, request.project);
}

/** An instance sent to another server: what the target creates, and where. */
export interface RemoteInstanceCopy {
  /** The source instance, read afresh (its own config and devices). */
  instance: Pick<
    LxdInstance,
    'name' | 'project' | 'type' | 'architecture' | 'description' | 'profiles' | 'config'
  > &
    Pick<LxdInstance, 'devices' | 'ephemeral'> &
    Partial<Pick<LxdInstance, 'expanded_devices'>>;
  /** The name on the target server. */
  name: string;
  /** The project on the target server. */
  project: string;
  /** The storage pool of the root disk on the target server ('' keeps the device as it is). */
  pool?: string | undefined;
  /** A member of the target cluster ('' lets it choose). */
  member?: string | undefined;
  /** Leave the snapshots behind. */
  instanceOnly: boolean;
  mode: MigrationMode;
}

/**
 * The source's request of a migration to another server: POST /1.0/instances/{name}
 * {migration: true, live: false, instance_only}, with `target` (the target's operation) in push
 * mode. Never live: a running instance is stopped by the user first.
 */
export function instanceMigrationSourceRequest(
  copy: RemoteInstanceCopy,
  peer: MigrationPeer | undefined,
): MigrationRequest {
  return {
    path: instancePath(copy.instance.name),
    project: copy.instance.project,
    body: {
      migration: true,
      live: false,
      instance_only: copy.instanceOnly,
      ...(peer ? { target: peer } : {}),
    },
  };
}

/**
 * The target's request: POST /1.0/instances?project=P[&target=MEMBER] with the instance's
 * writable fields and `source: {type: migration, mode, …}`; in pull mode the source's operation,
 * certificate and secrets.
 */
export function instanceMigrationTargetRequest(
  copy: RemoteInstanceCopy,
  peer: MigrationPeer | undefined,
): MigrationRequest {
  const { instance } = copy;
  return {
    path: '/1.0/instances',
    project: copy.project,
    target: copy.member || undefined,
    body: {
      name: copy.name,
      type: instance.type,
      architecture: instance.architecture,
      description: instance.description,
      config: copyConfig(instance.config),
      devices: copyDevices(instance, copy.pool),
      profiles: instance.profiles,
      ephemeral: instance.ephemeral,
      source: {
        type: 'migration',
        mode: copy.mode,
        instance_only: copy.instanceOnly,
        ...(peer ?? {}),
      },
    },
  };
}

/** Copies an instance of the page's remote (or `from`) to remote `to`, to the end. */
export async function copyInstanceToRemote(
  copy: RemoteInstanceCopy,
  to: RemoteRef,
  options: RemoteCopyOptions = {},
): Promise<void> {
  await migrate({
    mode: copy.mode,
    source: {
      remote: options.from,
      request: (peer) => instanceMigrationSourceRequest(copy, peer),
    },
    target: { remote: to, request: (peer) => instanceMigrationTargetRequest(copy, peer) },
    wait: options.wait,
    onProgress: options.onProgress,
  });
}

/** Where an instance moves (POST /1.0/instances/{name} with `migration: true`). */
export type MoveDestination =
  | { kind: 'member'; member: string }
  | { kind: 'pool'; pool: string }
  | { kind: 'project'; project: string };

/**
 * The request of a move: to another cluster member with `?target=`, to another storage pool
 * with `pool` (`instance_pool_move`), to another project with `project`
 * (`instance_project_move`). `live: false` always: without it LXD 5.0 assumes a stateful (CRIU)
 * move.
 */
export function moveInstanceRequest(project: string, name: string, to: MoveDestination) {
  const body: Record<string, unknown> = { name, migration: true, live: false };
  if (to.kind === 'pool') body.pool = to.pool;
  if (to.kind === 'project') body.project = to.project;
  return {
    path: instancePath(name),
    project,
    target: to.kind === 'member' ? to.member : undefined,
    body,
  };
}

/** Sends a move; returns the id of its operation (undefined when LXD answered at once). */
export async function postInstanceMove(
  project: string,
  name: string,
  to: MoveDestination,
): Promise<string | undefined> {
  const request = moveInstanceRequest(project, name, to);
  const result = await post(request.path, request.body, {
    project: request.project,
    target: request.target,
  });
  return result.type === 'async' ? operationId(result) : undefined;
}

/** GET /1.0/instances/{name}/logs: the file names (LXD lists them as URLs). */
export async function fetchLogFiles(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const urls = await get<string[] | null>(`${instancePath(name)}/logs`, { project, signal });
  return urlNames(urls).sort();
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

/** What an interactive exec runs: user, group and cwd are left to LXD when absent. */
export interface ExecOptions {
  command: string[];
  width: number;
  height: number;
  environment?: Record<string, string>;
  /** uid (LXD's default: 0). */
  user?: number;
  /** gid (LXD's default: 0). */
  group?: number;
  /** An absolute path (LXD's default: the user's home directory, else /). */
  cwd?: string;
}

/** The body of POST /1.0/instances/{name}/exec for an interactive session. */
export function execBody(options: ExecOptions) {
  return {
    command: options.command,
    'wait-for-websocket': true,
    interactive: true,
    width: options.width,
    height: options.height,
    environment: { TERM: 'xterm-256color', ...options.environment },
    ...(options.user !== undefined ? { user: options.user } : {}),
    ...(options.group !== undefined ? { group: options.group } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  };
}

/** POST /1.0/instances/{name}/exec: an interactive command over websockets. */
export async function startExec(
  project: string,
  name: string,
  options: ExecOptions,
): Promise<SessionSockets> {
  return sessionSockets(await post(`${instancePath(name)}/exec`, execBody(options), { project }));
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
