import { hasServerExtension, useAuth, type AuthState } from '../../shared/auth/context';
import { serverDenial } from '../../shared/permissions/rules';
import { Navigate, Outlet } from '../../shared/routing/router';
import { PageHeader } from '../../shared/ui/PageHeader';
import { DeniedState } from '../../shared/ui/States';

/** The `access_management` extension: identities, groups and IdP groups (LXD 5.21, 6.x). */
export const EXT_ACCESS_MANAGEMENT = 'access_management';

export const hasAccessManagement = (auth: AuthState) =>
  hasServerExtension(auth, EXT_ACCESS_MANAGEMENT);

/**
 * Why the signed-in identity may not see the Permissions screens (spec §6: a fine-grained
 * identity needs can_view_permissions, permission_manager or admin on the server).
 */
export const viewPermissionsDenial = (auth: AuthState) =>
  serverDenial(auth.isFineGrained, 'viewPermissions', auth.server);

/** The Permissions screens, or why the identity may not see them. */
export function PermissionsGate() {
  const auth = useAuth();
  const reason = viewPermissionsDenial(auth);
  if (reason === undefined) return <Outlet />;
  return (
    <section className="page" aria-labelledby="permissions-denied-heading">
      <PageHeader title={<span id="permissions-denied-heading">Permissions</span>} />
      <DeniedState title="Missing permission" reason={reason} />
    </section>
  );
}

/**
 * Identities, groups and IdP groups exist only where the server has access management; elsewhere
 * trust is a list of certificates, shown at /permissions/certificates.
 */
export function AccessManagementOnly() {
  const auth = useAuth();
  if (!hasAccessManagement(auth)) {
    return <Navigate to="/permissions/certificates" replace />;
  }
  return <Outlet />;
}
