import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createClusteredStoragePool,
  createStoragePool,
  deleteStoragePool,
  fetchStoragePool,
  fetchStoragePools,
  fetchStoragePoolResources,
  renameStoragePool,
  updateClusteredStoragePool,
  updateStoragePool,
  type PoolMemberConfig,
} from '../../../lxd/endpoints/storage-pools';
import type {
  LxdStoragePool,
  LxdStoragePoolPut,
  LxdStoragePoolsPost,
} from '../../../lxd/types/storage';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { storageKeys } from '../keys';

export function poolsQuery(project: string) {
  return queryOptions({
    queryKey: storageKeys.pools(project),
    queryFn: ({ signal }) => fetchStoragePools(project, signal),
  });
}

export function poolQuery(project: string, name: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.storage_pool);
  return queryOptions({
    queryKey: [...storageKeys.pool(project, name), entitlements ?? ''] as const,
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchStoragePool(name, { project, entitlements, signal });
    },
    enabled: isFineGrained !== null,
  });
}

/** One member's view of a pool (its member-specific config and its own status). */
export function poolMemberQuery(project: string, name: string, member: string) {
  return queryOptions({
    queryKey: [...storageKeys.pool(project, name), 'member', member] as const,
    queryFn: ({ signal }) => fetchStoragePool(name, { project, target: member, signal }),
  });
}

export function poolResourcesQuery(name: string, member?: string) {
  return queryOptions({
    queryKey: storageKeys.poolResources(name, member),
    queryFn: ({ signal }) => fetchStoragePoolResources(name, { target: member, signal }),
    staleTime: 30_000,
  });
}

/**
 * LXD 5.0.2 sends no ETag with a pool: the edit form then tells versions apart by their
 * content (never sent as If-Match, see `ifMatch`).
 */
const CONTENT_VERSION = 'content:';

export function versioned<T extends LxdStoragePool>(pool: T): T {
  if (pool.etag) return pool;
  return { ...pool, etag: `${CONTENT_VERSION}${JSON.stringify([pool.description, pool.config])}` };
}

export function ifMatch(etag: string | undefined): string | undefined {
  return etag?.startsWith(CONTENT_VERSION) ? undefined : etag;
}

function useInvalidateStorage() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: storageKeys.all });
}

export function useCreatePool() {
  const invalidate = useInvalidateStorage();
  return useMutation({
    mutationFn: ({ body, members }: { body: LxdStoragePoolsPost; members: PoolMemberConfig[] }) =>
      members.length > 0 ? createClusteredStoragePool(body, members) : createStoragePool(body),
    // A failed fan-out may leave a pending pool behind: the list shows it.
    onSettled: invalidate,
  });
}

export function useUpdatePool(name: string) {
  const invalidate = useInvalidateStorage();
  return useMutation({
    mutationFn: ({
      body,
      members,
      etag,
    }: {
      body: LxdStoragePoolPut;
      members: PoolMemberConfig[];
      etag: string | undefined;
    }) =>
      members.length > 0
        ? updateClusteredStoragePool(name, body, members, etag)
        : updateStoragePool(name, body, { etag }),
    onSettled: invalidate,
  });
}

export function useRenamePool(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      renameStoragePool(name, newName),
    onSuccess: (_result, { name }) => {
      client.removeQueries({ queryKey: storageKeys.pool(project, name) });
      void client.invalidateQueries({ queryKey: storageKeys.all });
    },
  });
}

export function useDeletePool(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteStoragePool(name),
    onSuccess: (_result, name) => {
      client.removeQueries({ queryKey: storageKeys.pool(project, name) });
      void client.invalidateQueries({ queryKey: storageKeys.all });
    },
  });
}
