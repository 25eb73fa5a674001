import { useMemo } from 'react';
import { currentRemote } from '../../lxd/remote';
import type { ViewOwner } from '../ui/list';
import { useAuth } from './context';

/**
 * Who the browser-side preferences of a list (its named views) belong to: the signed-in
 * identity (LXD's current identity, or the `auth_user_name` GET /1.0 reports, a certificate
 * fingerprint or an OIDC user) on the page's remote.
 */
export function useViewOwner(): ViewOwner {
  const { identity, server } = useAuth();
  const user = identity?.id ?? server.auth_user_name ?? 'anonymous';
  const remote = currentRemote() ?? 'default';
  return useMemo(() => ({ user, remote }), [user, remote]);
}
