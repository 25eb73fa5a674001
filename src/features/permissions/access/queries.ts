/**
 * Queries and mutations of the access-management screens (identities, groups, IdP groups). Every
 * key lives under the permissions root, which LXD's auth-group-, identity- and
 * identity-provider-group- lifecycle events invalidate, and so does every write here: a group
 * change can change what the signed-in identity may do.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  fetchEntityTypes,
  fetchGroup,
  fetchGroups,
  fetchIdentities,
  fetchIdentity,
  fetchIdpGroup,
  fetchIdpGroups,
  fetchPermissionChoices,
} from '../../../lxd/endpoints/auth';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import {
  assertFineGrainedKnown,
  canOnServer,
  entitlementsParam,
  type FineGrained,
  type ServerAbility,
} from '../../../shared/permissions/entitlements';
import { permissionsKeys } from '../keys';

/** What the lists ask about each identity, group and IdP group (fine-grained identities only). */
export const ACCESS_ENTITLEMENTS = ['can_edit', 'can_delete'] as const;

function listQuery<T>(
  key: QueryKey,
  fetch: (options: { entitlements?: string; signal: AbortSignal }) => Promise<T[]>,
  isFineGrained: FineGrained,
) {
  const entitlements = entitlementsParam(isFineGrained, ACCESS_ENTITLEMENTS) ?? '';
  return queryOptions({
    queryKey: [...key, entitlements],
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetch(entitlements ? { entitlements, signal } : { signal });
    },
    enabled: isFineGrained !== null,
  });
}

export const identitiesQuery = (isFineGrained: FineGrained) =>
  listQuery(permissionsKeys.identities, fetchIdentities, isFineGrained);

export const groupsQuery = (isFineGrained: FineGrained) =>
  listQuery(permissionsKeys.groups, fetchGroups, isFineGrained);

export const idpGroupsQuery = (isFineGrained: FineGrained) =>
  listQuery(permissionsKeys.idpGroups, fetchIdpGroups, isFineGrained);

/** Every group's name (the choices of the groups dialogs); undefined while loading. */
export function useGroupNames(): string[] | undefined {
  const { isFineGrained } = useAuth();
  const groups = useQuery(groupsQuery(isFineGrained));
  return useMemo(() => groups.data?.map((group) => group.name), [groups.data]);
}

/** One identity with its ETag, read fresh whenever a dialog that edits it opens. */
export function identityQuery(authenticationMethod: string, id: string) {
  return queryOptions({
    queryKey: permissionsKeys.identity(authenticationMethod, id),
    queryFn: ({ signal }) => fetchIdentity(authenticationMethod, id, signal),
    staleTime: 0,
  });
}

export function groupQuery(name: string) {
  return queryOptions({
    queryKey: permissionsKeys.group(name),
    queryFn: ({ signal }) => fetchGroup(name, signal),
  });
}

export function idpGroupQuery(name: string) {
  return queryOptions({
    queryKey: permissionsKeys.idpGroup(name),
    queryFn: ({ signal }) => fetchIdpGroup(name, signal),
    staleTime: 0,
  });
}

/** The entities of a type (in a project, for project entities) and what each offers. */
export function permissionChoicesQuery(entityType: string, project: string | undefined) {
  return queryOptions({
    queryKey: permissionsKeys.permissionChoices(entityType, project ?? ''),
    queryFn: ({ signal }) => fetchPermissionChoices(entityType, project, signal),
    enabled: entityType !== '',
    staleTime: 30_000,
  });
}

/** Entity types from the server's metadata, where it describes them. */
export const EXT_ENTITY_TYPE_METADATA = 'metadata_configuration_entity_types';

export function useEntityTypeMetadata() {
  const auth = useAuth();
  return useQuery({
    queryKey: permissionsKeys.entityTypes,
    queryFn: ({ signal }) => fetchEntityTypes(signal),
    enabled: hasServerExtension(auth, EXT_ENTITY_TYPE_METADATA),
    staleTime: Infinity,
  });
}

/** Whether the signed-in identity has a server-level ability (spec §6). */
export function useCanOnServer(ability: ServerAbility): boolean {
  const { isFineGrained, server } = useAuth();
  return canOnServer(isFineGrained, ability, server);
}

/**
 * A write of the access screens: afterwards the whole permissions area is asked again, and the
 * detail a rename or delete made obsolete (`forget`) is dropped first.
 */
export function useAccessMutation<V, R = void>(
  mutationFn: (variables: V) => Promise<R>,
  forget?: (variables: V) => QueryKey,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, variables) => {
      if (forget) client.removeQueries({ queryKey: forget(variables), exact: true });
      // Not awaited: a page that moves on (rename, delete) does not wait for the lists.
      void client.invalidateQueries({ queryKey: permissionsKeys.all });
    },
  });
}
