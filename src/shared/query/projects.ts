import { queryOptions } from '@tanstack/react-query';
import {
  fetchProject,
  fetchProjects,
  fetchProjectsWithEntitlements,
} from '../../lxd/endpoints/projects';
import { entitlementsParam, type FineGrained } from '../permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../permissions/rules';

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

/**
 * The projects with the caller's project-level entitlements (all of spec §6). Only fine-grained
 * identities get entitlements, so it is enabled only then; other modes allow everything. The
 * shell signs in with this list, so `useAuth().projects` carries them.
 */
export function projectsWithEntitlementsQuery(isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.project) ?? '';
  return queryOptions({
    queryKey: projectKeys.entitlements(entitlements),
    queryFn: ({ signal }) => fetchProjectsWithEntitlements(entitlements || undefined, signal),
    enabled: isFineGrained === true,
  });
}
