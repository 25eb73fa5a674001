/**
 * Storage buckets and their keys (servers with `storage_buckets`), shaped like doc/rest-api.yaml.
 *
 * Creating a bucket makes its admin key, and creating a key may generate its secret: LXD up to
 * 6.7 answers synchronously with the key as the answer's metadata; from 6.8
 * (`storage_and_network_operations`) every write is an operation and the key is in the
 * operation's metadata as `key`. Both are read here.
 */
import {
  LxdApiError,
  del,
  get,
  getWithEtag,
  post,
  put,
  type LxdResult,
  type WithEtag,
} from '../client';
import { operationId, waitForOperation } from '../operations';
import type {
  LxdStorageBucket,
  LxdStorageBucketKey,
  LxdStorageBucketKeyPut,
  LxdStorageBucketKeysPost,
  LxdStorageBucketPut,
  LxdStorageBucketsPost,
} from '../types/storage';
import { storagePoolPath } from './storage-pools';

const seg = encodeURIComponent;

/** A bucket with the pool it was listed in (the API object does not name its pool). */
export type PoolBucket = LxdStorageBucket & { pool: string };

/** Where a bucket lives: its project, pool, and cluster member for local buckets. */
export interface BucketRef {
  project: string;
  pool: string;
  bucket: string;
  /** Cluster member holding a local bucket (sent as `target`). */
  member?: string | undefined;
}

export const storageBucketsPath = (pool: string) => `${storagePoolPath(pool)}/buckets`;
export const storageBucketPath = (pool: string, bucket: string) =>
  `${storageBucketsPath(pool)}/${seg(bucket)}`;
export const storageBucketKeyPath = (pool: string, bucket: string, key: string) =>
  `${storageBucketPath(pool, bucket)}/keys/${seg(key)}`;

/** `target` only for a real member name ('' and 'none' mean not clustered or remote). */
export function bucketTarget(location: string | undefined): string | undefined {
  return location && location !== 'none' ? location : undefined;
}

/** GET /1.0/storage-pools/{pool}/buckets?recursion=1&project=, each bucket with its pool. */
export async function fetchPoolBuckets(
  project: string,
  pool: string,
  options: { entitlements?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<PoolBucket[]> {
  const buckets = await get<LxdStorageBucket[] | null>(storageBucketsPath(pool), {
    project,
    recursion: 1,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
  return (buckets ?? []).map((bucket) => ({ ...bucket, pool }));
}

/**
 * LXD answers 400 for a pool whose driver has no buckets ("Storage pool driver … does not
 * support buckets"): local drivers had them up to LXD 6.7 (`storage_buckets_local`), Ceph Object
 * always. Asking is the one answer that holds on every version. A 404 is a pool deleted since
 * the pools were listed.
 */
export function isNoBucketsAnswer(error: unknown): boolean {
  return error instanceof LxdApiError && (error.status === 400 || error.status === 404);
}

export interface ProjectBuckets {
  buckets: PoolBucket[];
  /** The pools that hold buckets (their drivers support them), in the order given. */
  pools: string[];
}

/** The buckets of every pool that supports them (one request per pool, in parallel). */
export async function fetchProjectBuckets(
  project: string,
  pools: readonly string[],
  options: { entitlements?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<ProjectBuckets> {
  const perPool = await Promise.all(
    pools.map(async (pool) => {
      try {
        return { pool, buckets: await fetchPoolBuckets(project, pool, options) };
      } catch (error) {
        if (isNoBucketsAnswer(error)) return undefined;
        throw error;
      }
    }),
  );
  const supported = perPool.filter((entry) => entry !== undefined);
  return {
    buckets: supported.flatMap((entry) => entry.buckets),
    pools: supported.map((entry) => entry.pool),
  };
}

/** GET /1.0/storage-pools/{pool}/buckets/{bucket}?project=, keeping the ETag. */
export async function fetchBucket(
  ref: BucketRef,
  signal?: AbortSignal,
  entitlements?: string,
): Promise<WithEtag<PoolBucket>> {
  const bucket = await getWithEtag<LxdStorageBucket>(storageBucketPath(ref.pool, ref.bucket), {
    project: ref.project,
    target: ref.member,
    params: { 'with-access-entitlements': entitlements },
    signal,
  });
  return { ...bucket, pool: ref.pool };
}

function looksLikeKey(value: unknown): value is LxdStorageBucketKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<LxdStorageBucketKey>)['access-key'] === 'string'
  );
}

/**
 * The key a write answered with: the metadata of a synchronous answer (LXD ≤ 6.7), or the
 * `key` in the metadata of the operation once it has ended (LXD 6.8+).
 */
export async function keyOfWrite(
  result: LxdResult<unknown>,
  project: string,
): Promise<LxdStorageBucketKey | undefined> {
  if (result.type !== 'async') return looksLikeKey(result.metadata) ? result.metadata : undefined;
  const operation = await waitForOperation(operationId(result), { project });
  const key = operation.metadata?.key;
  return looksLikeKey(key) ? key : undefined;
}

async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

/**
 * POST /1.0/storage-pools/{pool}/buckets?project=. Resolves with the admin key LXD made for the
 * bucket (shown once: its secret is not asked for again).
 */
export async function createBucket(
  project: string,
  pool: string,
  body: LxdStorageBucketsPost,
  member?: string,
): Promise<LxdStorageBucketKey | undefined> {
  const result = await post(storageBucketsPath(pool), body, { project, target: member });
  return keyOfWrite(result, project);
}

/** PUT the bucket with the ETag it was read with (412 when someone else changed it). */
export async function updateBucket(
  ref: BucketRef,
  body: LxdStorageBucketPut,
  etag: string | undefined,
): Promise<void> {
  const result = await put(storageBucketPath(ref.pool, ref.bucket), body, {
    project: ref.project,
    target: ref.member,
    etag,
  });
  await settled(result, ref.project);
}

export async function deleteBucket(ref: BucketRef): Promise<void> {
  const result = await del(storageBucketPath(ref.pool, ref.bucket), {
    project: ref.project,
    target: ref.member,
  });
  await settled(result, ref.project);
}

/** GET /1.0/storage-pools/{pool}/buckets/{bucket}/keys?recursion=1&project=. */
export async function fetchBucketKeys(
  ref: BucketRef,
  signal?: AbortSignal,
): Promise<LxdStorageBucketKey[]> {
  const keys = await get<LxdStorageBucketKey[] | null>(
    `${storageBucketPath(ref.pool, ref.bucket)}/keys`,
    { project: ref.project, target: ref.member, recursion: 1, signal },
  );
  return keys ?? [];
}

/** GET one key, keeping the ETag for a later PUT. */
export function fetchBucketKey(
  ref: BucketRef,
  key: string,
  signal?: AbortSignal,
): Promise<WithEtag<LxdStorageBucketKey>> {
  return getWithEtag<LxdStorageBucketKey>(storageBucketKeyPath(ref.pool, ref.bucket, key), {
    project: ref.project,
    target: ref.member,
    signal,
  });
}

/** POST a key; resolves with the key as created (with its secret, shown once). */
export async function createBucketKey(
  ref: BucketRef,
  body: LxdStorageBucketKeysPost,
): Promise<LxdStorageBucketKey | undefined> {
  const result = await post(`${storageBucketPath(ref.pool, ref.bucket)}/keys`, body, {
    project: ref.project,
    target: ref.member,
  });
  return keyOfWrite(result, ref.project);
}

export async function updateBucketKey(
  ref: BucketRef,
  key: string,
  body: LxdStorageBucketKeyPut,
  etag: string | undefined,
): Promise<void> {
  const result = await put(storageBucketKeyPath(ref.pool, ref.bucket, key), body, {
    project: ref.project,
    target: ref.member,
    etag,
  });
  await settled(result, ref.project);
}

export async function deleteBucketKey(ref: BucketRef, key: string): Promise<void> {
  const result = await del(storageBucketKeyPath(ref.pool, ref.bucket, key), {
    project: ref.project,
    target: ref.member,
  });
  await settled(result, ref.project);
}
