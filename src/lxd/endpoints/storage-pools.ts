/**
 * Storage pool calls (spec §7): one pool, its resources, create, update, rename, delete, and
 * the cluster fan-out. The list and the pool path live in storage-volumes.ts.
 *
 * In a cluster a pool is created in two steps: a POST with `?target=` per member that carries
 * only the member-specific keys (LXD keeps a "Pending" definition on that member), then one POST
 * without a target with the shared config, which creates the pool everywhere. Updates go the
 * same way: member-specific keys per member, then the shared ones.
 */
import {
  LxdApiError,
  del,
  getWithEtag,
  get,
  patch,
  post,
  type LxdResult,
  type WithEtag,
} from '../client';
import { operationId, waitForOperation } from '../operations';
import type {
  LxdStoragePool,
  LxdStoragePoolPut,
  LxdStoragePoolResources,
  LxdStoragePoolsPost,
} from '../types/storage';
import { nameExists } from './names';
import { storagePoolPath } from './storage-volumes';

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

/** Spec §8: how a member's failure during the fan-out reads. */
export function clusterMemberError(member: string, message: string): string {
  return `Error from cluster member ${member}: ${message}`;
}

/**
 * A fan-out that stopped part way. `member` is the member whose request failed (none when the
 * final shared request failed); `done` lists the members already written: after a failed
 * creation the pool is left defined on them ("Pending") until it is deleted.
 */
export class PoolFanOutError extends LxdApiError {
  constructor(
    message: string,
    status: number,
    readonly member: string | undefined,
    readonly done: readonly string[],
    readonly pending: boolean,
  ) {
    super(message, status);
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const errorStatus = (error: unknown) => (error instanceof LxdApiError ? error.status : 0);

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
  const done: string[] = [];
  for (const { member, config } of members) {
    try {
      await settled(
        await post(
          '/1.0/storage-pools',
          { name: body.name, driver: body.driver, config },
          { target: member },
        ),
      );
    } catch (error) {
      throw new PoolFanOutError(
        clusterMemberError(member, errorMessage(error)),
        errorStatus(error),
        member,
        done,
        done.length > 0,
      );
    }
    done.push(member);
  }
  const shared = Object.fromEntries(
    Object.entries(body.config).filter(([key]) => !isPoolMemberKey(key)),
  );
  try {
    await createStoragePool({ ...body, config: shared });
  } catch (error) {
    // LXD keeps the pool (Pending or Errored) once a member has its definition.
    throw new PoolFanOutError(errorMessage(error), errorStatus(error), undefined, done, true);
  }
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
  const done: string[] = [];
  for (const { member, config, etag: memberEtag } of members) {
    try {
      await updateStoragePool(
        name,
        { description: body.description, config },
        { target: member, etag: memberEtag },
      );
    } catch (error) {
      throw new PoolFanOutError(
        clusterMemberError(member, errorMessage(error)),
        errorStatus(error),
        member,
        done,
        false,
      );
    }
    done.push(member);
  }
  const shared = Object.fromEntries(
    Object.entries(body.config).filter(([key]) => !isPoolMemberKey(key)),
  );
  try {
    await updateStoragePool(name, { description: body.description, config: shared }, { etag });
  } catch (error) {
    if (done.length === 0) throw error;
    throw new PoolFanOutError(errorMessage(error), errorStatus(error), undefined, done, false);
  }
}

/** POST /1.0/storage-pools/{name} {name} (spec §7). LXD itself answers 501 "not implemented". */
export async function renameStoragePool(name: string, newName: string): Promise<void> {
  await settled(await post(storagePoolPath(name), { name: newName }));
}

/** DELETE /1.0/storage-pools/{name} (also removes a pool left Pending by a failed fan-out). */
export async function deleteStoragePool(name: string): Promise<void> {
  await settled(await del(storagePoolPath(name)));
}
