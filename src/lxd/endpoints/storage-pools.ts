/**
 * Storage pool calls (spec §7): one pool, its resources, create, update, rename, delete and
 * the cluster fan-out; the list, and the pool path the other storage calls build on.
 *
 * In a cluster a pool is created in two steps: a POST with `?target=` per member that carries
 * only the member-specific keys (LXD keeps a "Pending" definition on that member), then one POST
 * without a target with the shared config, which creates the pool everywhere. Updates go the
 * same way: member-specific keys per member, then the shared ones.
 */
import { ClusterFanOutError, splitMemberConfig, writeToCluster } from '../cluster-fanout';
import { del, getWithEtag, get, patch, post, type LxdResult, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import type {
  LxdStoragePool,
  LxdStoragePoolPut,
  LxdStoragePoolResources,
  LxdStoragePoolsPost,
} from '../types/storage';
import { nameExists } from './names';

const seg = encodeURIComponent;

/** The URL of a pool: every storage call (volumes, buckets, ISOs) builds on it. */
export const storagePoolPath = (pool: string) => `/1.0/storage-pools/${seg(pool)}`;

/** GET /1.0/storage-pools?recursion=1 (pools are global; `project` only scopes used_by). */
export function fetchStoragePools(
  project: string,
  signal?: AbortSignal,
): Promise<LxdStoragePool[]> {
  return get<LxdStoragePool[] | null>('/1.0/storage-pools', { project, recursion: 1, signal }).then(
    (pools) => pools ?? [],
  );
}

/**
 * Config keys that belong to one cluster member (LXD's `NodeSpecificStorageConfig`). A GET
 * without a target leaves them out of a clustered pool's config; a write without a target
 * must not carry them, a write with one may carry only them.
 */
export const POOL_MEMBER_KEYS = [
  'source',
  'size',
  'zfs.pool_name',
  'lvm.thinpool_name',
  'lvm.vg_name',
  'volatile.initial_source',
] as const;

export function isPoolMemberKey(key: string): boolean {
  return (POOL_MEMBER_KEYS as readonly string[]).includes(key);
}

const splitPoolConfig = (config: Record<string, string>) =>
  splitMemberConfig(config, isPoolMemberKey);

/**
 * A pool fan-out that stopped part way (see ClusterFanOutError). `pending` says whether the pool
 * is left defined on the members already written: after a failed creation LXD keeps it there
 * ("Pending", or "Errored" once the shared step failed) until it is deleted.
 */
export class PoolFanOutError extends ClusterFanOutError {
  constructor(
    from: ClusterFanOutError,
    readonly pending: boolean,
  ) {
    super(from.message, from.status, from.member, from.done, from.shared);
  }
}

/** The clustered write of ../cluster-fanout.ts, its stop reported as a PoolFanOutError. */
async function writePoolToCluster(
  members: readonly string[],
  sendMember: (member: string) => Promise<unknown>,
  sendShared: () => Promise<unknown>,
  creating: boolean,
): Promise<void> {
  try {
    await writeToCluster(members, sendMember, sendShared);
  } catch (error) {
    if (!(error instanceof ClusterFanOutError)) throw error;
    const pending = creating && (error.done.length > 0 || error.member === undefined);
    throw new PoolFanOutError(error, pending);
  }
}

/** Writes may answer synchronously or with an operation (pools: LXD 6.8+): wait for either. */
async function settled(result: LxdResult<unknown>): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result));
}

/** GET /1.0/storage-pools/{name}?recursion=1 (with `target`: that member's view), with its ETag. */
export function fetchStoragePool(
  name: string,
  options: {
    project?: string | undefined;
    target?: string | undefined;
    entitlements?: string | undefined;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<WithEtag<LxdStoragePool>> {
  return getWithEtag<LxdStoragePool>(storagePoolPath(name), {
    project: options.project,
    target: options.target,
    recursion: 1,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
    // Non-admins get `config: null` (it may hold secrets).
  }).then((pool) => ({ ...pool, config: (pool.config as LxdStoragePool['config'] | null) ?? {} }));
}

/** GET /1.0/storage-pools/{name}/resources (with `target`: that member's space). */
export function fetchStoragePoolResources(
  name: string,
  options: { target?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<LxdStoragePoolResources> {
  return get<LxdStoragePoolResources>(`${storagePoolPath(name)}/resources`, options);
}

/** Spec §5/§7 name check: GET /1.0/storage-pools/{name}; 404 = free. Abort it through `signal`. */
export function storagePoolNameExists(name: string, signal?: AbortSignal): Promise<boolean> {
  return nameExists('storage-pools', name, signal ? { signal } : {});
}

/** POST /1.0/storage-pools (a standalone server, or the shared step of a cluster). */
export async function createStoragePool(body: LxdStoragePoolsPost): Promise<void> {
  await settled(await post('/1.0/storage-pools', body));
}

export interface PoolMemberConfig {
  member: string;
  /** Only member-specific keys (see POOL_MEMBER_KEYS). */
  config: Record<string, string>;
  /** The ETag of the member's view of the pool (updates). */
  etag?: string | undefined;
}

/**
 * Clustered creation: POST ?target={member} with that member's keys, member after member, then
 * POST with the shared body. A failure stops the fan-out and throws a PoolFanOutError saying
 * which member failed ('Error from cluster member {member}: {message}') and where the pool is
 * left pending.
 */
export async function createClusteredStoragePool(
  body: LxdStoragePoolsPost,
  members: readonly PoolMemberConfig[],
): Promise<void> {
  const configs = new Map(members.map(({ member, config }) => [member, config]));
  await writePoolToCluster(
    [...configs.keys()],
    async (member) =>
      settled(
        await post(
          '/1.0/storage-pools',
          { name: body.name, driver: body.driver, config: configs.get(member) ?? {} },
          { target: member },
        ),
      ),
    () => createStoragePool({ ...body, config: splitPoolConfig(body.config).shared }),
    true,
  );
}

/**
 * PATCH /1.0/storage-pools/{name} with If-Match (412 when the pool changed since it was read).
 * PATCH keeps keys the body leaves out: send a removed key with an empty value.
 */
export async function updateStoragePool(
  name: string,
  body: LxdStoragePoolPut,
  options: { etag?: string | undefined; target?: string | undefined } = {},
): Promise<void> {
  await settled(await patch(storagePoolPath(name), body, options));
}

/**
 * Clustered update: PATCH ?target={member} with each listed member's keys (and the
 * description, which a member write would otherwise clear), then PATCH the shared config.
 */
export async function updateClusteredStoragePool(
  name: string,
  body: LxdStoragePoolPut,
  members: readonly PoolMemberConfig[],
  etag: string | undefined,
): Promise<void> {
  const byMember = new Map(members.map((entry) => [entry.member, entry]));
  await writePoolToCluster(
    [...byMember.keys()],
    (member) =>
      updateStoragePool(
        name,
        { description: body.description, config: byMember.get(member)?.config ?? {} },
        { target: member, etag: byMember.get(member)?.etag },
      ),
    () =>
      updateStoragePool(
        name,
        { description: body.description, config: splitPoolConfig(body.config).shared },
        { etag },
      ),
    false,
  );
}

/** POST /1.0/storage-pools/{name} {name} (spec §7). LXD itself answers 501 "not implemented". */
export async function renameStoragePool(name: string, newName: string): Promise<void> {
  await settled(await post(storagePoolPath(name), { name: newName }));
}

/** DELETE /1.0/storage-pools/{name} (also removes a pool left Pending by a failed fan-out). */
export async function deleteStoragePool(name: string): Promise<void> {
  await settled(await del(storagePoolPath(name)));
}
