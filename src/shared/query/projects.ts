import { queryOptions } from '@tanstack/react-query';
import {
  fetchProject,
  fetchProjects,
  fetchProjectsWithEntitlements,
} from '../../lxd/endpoints/projects';
import { entitlementsParam, type FineGrained } from '../permissions/entitlements';

/** Lifecycle event prefixes that make project queries stale. */
export const projectEventPrefixes = ['project-'] as const;

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (name: string) => [...projectKeys.all, 'detail', name] as const,
  /** The list with the caller's entitlements on each project (fine-grained mode). */
  entitlements: (entitlements: string) =>
    [...projectKeys.all, 'list', 'entitlements', entitlements] as const,
};

export const projectsQuery = queryOptions({
  queryKey: projectKeys.list(),
  queryFn: ({ signal }) => fetchProjects(signal),
});

export function projectQuery(name: string) {
  return queryOptions({
    queryKey: projectKeys.detail(name),
    queryFn: ({ signal }) => fetchProject(name, signal),
  });
}

/** The project-level entitlements screens ask for (spec §6). */
export const PROJECT_LIST_ENTITLEMENTS = ['can_create_profiles', 'can_edit', 'can_delete'] as const;

/**
 * The projects with the caller's entitlements. Only fine-grained identities get entitlements,
 * so it is enabled only then; other modes allow everything (spec §6).
 */
export function projectsWithEntitlementsQuery(isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, PROJECT_LIST_ENTITLEMENTS) ?? '';
  return queryOptions({
    queryKey: projectKeys.entitlements(entitlements),
    queryFn: ({ signal }) => fetchProjectsWithEntitlements(entitlements || undefined, signal),
    enabled: isFineGrained === true,
  });
}
