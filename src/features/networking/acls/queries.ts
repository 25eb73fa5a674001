import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createNetworkAcl,
  deleteNetworkAcl,
  fetchNetworkAcl,
  fetchNetworkAclLog,
  fetchNetworkAcls,
  renameNetworkAcl,
  updateNetworkAcl,
} from '../../../lxd/endpoints/network-acls';
import { fetchProjectsWithEntitlements } from '../../../lxd/endpoints/projects';
import type { LxdNetworkAclPut, LxdNetworkAclsPost } from '../../../lxd/types/network';
import { useAuth } from '../../../shared/auth/context';
import {
  entitlementsParam,
  hasEntitlement,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { networkingKeys } from '../keys';

/** ACL-level entitlements the screens check (fine-grained identities only). */
export const ACL_ENTITLEMENTS = ['can_edit', 'can_delete'] as const;

const aclLogKey = (project: string, name: string) =>
  [...networkingKeys.acl(project, name), 'log'] as const;

export function aclsQuery(project: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ACL_ENTITLEMENTS) ?? '';
  return queryOptions({
    queryKey: [...networkingKeys.acls(project), entitlements] as const,
    queryFn: ({ signal }) =>
      fetchNetworkAcls(project, { entitlements: entitlements || undefined, signal }),
    enabled: isFineGrained !== null,
  });
}

export function aclQuery(project: string, name: string) {
  return queryOptions({
    queryKey: networkingKeys.acl(project, name),
    queryFn: ({ signal }) => fetchNetworkAcl(project, name, signal),
  });
}

/** The log is read when asked for (the Log tab), never retried: LXD's refusal is the answer. */
export function aclLogQuery(project: string, name: string) {
  return queryOptions({
    queryKey: aclLogKey(project, name),
    queryFn: ({ signal }) => fetchNetworkAclLog(project, name, signal),
    retry: false,
  });
}

const CREATE_ENTITLEMENT = 'can_create_network_acls';

function createEntitlementQuery(isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, [CREATE_ENTITLEMENT]) ?? '';
  return queryOptions({
    queryKey: [...networkingKeys.all, 'project-entitlements', entitlements] as const,
    queryFn: ({ signal }) => fetchProjectsWithEntitlements(entitlements || undefined, signal),
    enabled: isFineGrained === true,
    staleTime: 30_000,
  });
}

/** Spec §6: may the identity create network ACLs in `project` (`can_create_network_acls`)? */
export function useCanCreateAcls(project: string): boolean {
  const { isFineGrained } = useAuth();
  const list = useQuery(createEntitlementQuery(isFineGrained));
  if (isFineGrained !== true) return true;
  return hasEntitlement(
    isFineGrained,
    CREATE_ENTITLEMENT,
    list.data?.find((candidate) => candidate.name === project),
  );
}

/** ACL changes show in networks (security.acls) and other ACLs: refresh the networking area. */
function useInvalidateNetworking() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: networkingKeys.all });
}

export function useCreateAcl(project: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: (body: LxdNetworkAclsPost) => createNetworkAcl(project, body),
    onSuccess: invalidate,
  });
}

export function useUpdateAcl(project: string, name: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({ body, etag }: { body: LxdNetworkAclPut; etag: string | undefined }) =>
      updateNetworkAcl(project, name, body, etag),
    onSuccess: invalidate,
  });
}

export function useRenameAcl(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      renameNetworkAcl(project, name, newName),
    onSuccess: (_result, { name }) => {
      // Not awaited: the page moves to the new name at once.
      client.removeQueries({ queryKey: networkingKeys.acl(project, name) });
      void client.invalidateQueries({ queryKey: networkingKeys.all });
    },
  });
}

export function useDeleteAcl(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteNetworkAcl(project, name),
    onSuccess: (_result, name) => {
      client.removeQueries({ queryKey: networkingKeys.acl(project, name) });
      void client.invalidateQueries({ queryKey: networkingKeys.all });
    },
  });
}
