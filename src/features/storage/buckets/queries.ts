/**
 * Bucket data under the shared storage keys (storage-bucket-* events refresh them), and the
 * writes, each refreshing every storage query once it is done.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  fetchBucket,
  fetchBucketKey,
  fetchBucketKeys,
  fetchProjectBuckets,
  type BucketRef,
} from '../../../lxd/endpoints/storage-buckets';
import { fetchStoragePools } from '../../../lxd/endpoints/storage-pools';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { storageKeys } from '../keys';

/** The buckets of every pool that supports them, and those pools. */
export function bucketsQuery(project: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.storage_bucket) ?? '';
  return queryOptions({
    queryKey: [...storageKeys.buckets(project), entitlements] as const,
    queryFn: async ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      const pools = await fetchStoragePools(project, signal);
      return fetchProjectBuckets(
        project,
        pools.map((pool) => pool.name),
        { entitlements: entitlements || undefined, signal },
      );
    },
    enabled: isFineGrained !== null,
  });
}

/** One bucket; in fine-grained mode with the caller's entitlements on it. */
export function bucketQuery(ref: BucketRef, isFineGrained: FineGrained = false) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.storage_bucket);
  return queryOptions({
    queryKey: [
      ...storageKeys.bucket(ref.project, ref.pool, ref.bucket),
      ref.member ?? '',
      entitlements ?? '',
    ] as const,
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchBucket(ref, signal, entitlements);
    },
    enabled: isFineGrained !== null,
  });
}

export function bucketKeysQuery(ref: BucketRef) {
  return queryOptions({
    queryKey: [
      ...storageKeys.bucketKeys(ref.project, ref.pool, ref.bucket),
      ref.member ?? '',
    ] as const,
    queryFn: ({ signal }) => fetchBucketKeys(ref, signal),
  });
}

/** One key, read with its ETag for an edit (always asked afresh when a form opens). */
export function bucketKeyQuery(ref: BucketRef, key: string) {
  return queryOptions({
    queryKey: [
      ...storageKeys.bucketKeys(ref.project, ref.pool, ref.bucket),
      'key',
      key,
      ref.member ?? '',
    ] as const,
    queryFn: ({ signal }) => fetchBucketKey(ref, key, signal),
    staleTime: 0,
  });
}

/**
 * Runs a write, then refreshes every storage query (also when the write failed). `done` runs
 * between the two on success: a page leaving a deleted bucket goes before its data is asked
 * for again.
 */
export function useStorageWrite() {
  const client = useQueryClient();
  return useCallback(
    async <T>(write: () => Promise<T>, done?: (result: T) => void): Promise<T> => {
      try {
        const result = await write();
        done?.(result);
        return result;
      } finally {
        void client.invalidateQueries({ queryKey: storageKeys.all });
      }
    },
    [client],
  );
}
