import { Navigate, Outlet } from '../../shared/routing/router';
import { hasServerExtension, useAuth } from '../../shared/auth/context';

/** The `access_management` extension: identities, groups and IdP groups (LXD 5.21, 6.x). */
export const EXT_ACCESS_MANAGEMENT = 'access_management';

/**
 * Identities, groups and IdP groups exist only where the server has access management; elsewhere
 * trust is a list of certificates, shown at /permissions/certificates.
 */
export function AccessManagementOnly() {
  const auth = useAuth();
  if (!hasServerExtension(auth, EXT_ACCESS_MANAGEMENT)) {
    return <Navigate to="/permissions/certificates" replace />;
  }
  return <Outlet />;
}
