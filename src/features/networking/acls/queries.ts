import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  createNetworkAcl,
  deleteNetworkAcl,
  fetchNetworkAcl,
  fetchNetworkAclLog,
  fetchNetworkAcls,
  renameNetworkAcl,
  updateNetworkAcl,
} from '../../../lxd/endpoints/network-acls';
import type { LxdNetworkAclPut, LxdNetworkAclsPost } from '../../../lxd/types/network';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { networkingKeys, useForgetNetworkingObject, useInvalidateNetworking } from '../keys';

const aclLogKey = (project: string, name: string) =>
  [...networkingKeys.acl(project, name), 'log'] as const;

export function aclsQuery(project: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.network_acl) ?? '';
  return queryOptions({
    queryKey: [...networkingKeys.acls(project), entitlements] as const,
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchNetworkAcls(project, { entitlements: entitlements || undefined, signal });
    },
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
  const forget = useForgetNetworkingObject();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      renameNetworkAcl(project, name, newName),
    onSuccess: (_result, { name }) => {
      forget(networkingKeys.acl(project, name));
    },
  });
}

export function useDeleteAcl(project: string) {
  const forget = useForgetNetworkingObject();
  return useMutation({
    mutationFn: (name: string) => deleteNetworkAcl(project, name),
    onSuccess: (_result, name) => {
      forget(networkingKeys.acl(project, name));
    },
  });
}
