/**
 * Project-level create entitlements of the storage screens (spec §6): everything is allowed
 * unless the identity is fine-grained, then the project must grant the entitlement.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchProjectsWithEntitlements } from '../../../lxd/endpoints/projects';
import { useAuth } from '../../../shared/auth/context';
import {
  entitlementsParam,
  hasEntitlement,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { storageKeys } from '../keys';

export const STORAGE_CREATE_ENTITLEMENTS = [
  'can_create_storage_volumes',
  'can_create_storage_buckets',
] as const;

export type StorageCreateEntitlement = (typeof STORAGE_CREATE_ENTITLEMENTS)[number];

function storageEntitlementsQuery(isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, STORAGE_CREATE_ENTITLEMENTS) ?? '';
  return queryOptions({
    queryKey: [...storageKeys.all, 'project-entitlements', entitlements] as const,
    queryFn: ({ signal }) => fetchProjectsWithEntitlements(entitlements || undefined, signal),
    enabled: isFineGrained === true,
    staleTime: 30_000,
  });
}

/** Whether the identity may create storage volumes or buckets in `project`. */
export function useCanCreate(project: string, entitlement: StorageCreateEntitlement): boolean {
  const { isFineGrained } = useAuth();
  const list = useQuery(storageEntitlementsQuery(isFineGrained));
  if (isFineGrained !== true) return true;
  return hasEntitlement(
    isFineGrained,
    entitlement,
    list.data?.find((candidate) => candidate.name === project),
  );
}
