/**
 * What a page declaration is given: the route's parameters (the project first), the signed-in
 * state and the permission rules bound to it. Memoized on its parts, so declarations may derive
 * columns and filters from it in a useMemo.
 */
import { useMemo } from 'react';
import { useAuth, type AuthState } from '../auth/context';
import { usePermissions, type Permissions } from '../permissions/usePermissions';
import { useParams } from '../routing/router';

export interface PageContext {
  /** The route's project ('' outside a project). */
  project: string;
  /** Every parameter of the route (name, pool, activeTab, section…). */
  params: Readonly<Partial<Record<string, string>>>;
  auth: AuthState;
  permissions: Permissions;
}

export function usePageContext(): PageContext {
  const params = useParams();
  const auth = useAuth();
  const permissions = usePermissions();
  return useMemo(
    () => ({ project: params.project ?? '', params, auth, permissions }),
    [params, auth, permissions],
  );
}
