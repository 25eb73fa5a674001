import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LxdProject } from '../../lxd/types/project';
import type { LxdServer } from '../../lxd/types/server';
import type { FineGrained } from '../../shared/permissions/entitlements';
import { projectsWithEntitlementsQuery } from '../../shared/query/projects';
import { serverEntitlementsQuery } from '../../shared/query/server';

/**
 * Fine-grained identities sign in with the server's and the projects' entitlements (spec §6):
 * the server with its server-level list, the projects with their project-level lists, so every
 * screen checks `useAuth().server` and `useAuth().projects`. Other modes ask for nothing.
 */
export function useEntitlements(
  isFineGrained: FineGrained,
  server: LxdServer | undefined,
  projects: LxdProject[] | undefined,
) {
  const fineGrained = isFineGrained === true;
  const entitledServer = useQuery(serverEntitlementsQuery(isFineGrained));
  const entitledProjects = useQuery(projectsWithEntitlementsQuery(isFineGrained));
  const serverEntitlements = entitledServer.data?.access_entitlements;
  const withEntitlements = useMemo(
    () =>
      fineGrained && server ? { ...server, access_entitlements: serverEntitlements ?? [] } : server,
    [fineGrained, server, serverEntitlements],
  );
  return {
    server: withEntitlements,
    projects: fineGrained ? (entitledProjects.data ?? projects) : projects,
    pending: fineGrained && (entitledServer.isPending || entitledProjects.isPending),
  };
}
