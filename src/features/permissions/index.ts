import type { AuthState } from '../../shared/auth/context';
import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { hasAccessManagement, viewPermissionsDenial } from './AccessManagementOnly';
import { permissionsInvalidation } from './events';
import { permissionsBulkExecutors } from './executors';
import { permissionsRoutes } from './routes';

export { permissionsRoutes } from './routes';
export { permissionsEventPrefixes, permissionsInvalidation } from './events';
export { permissionsKeys } from './keys';

const managed = { scope: 'global', group: 'Permissions' } as const;
/** The entries need the screens' kind of trust, and a fine-grained identity can_view_permissions. */
const withAccess = (auth: AuthState) =>
  hasAccessManagement(auth) && viewPermissionsDenial(auth) === undefined;
const withCertificates = (auth: AuthState) =>
  !hasAccessManagement(auth) && viewPermissionsDenial(auth) === undefined;

/**
 * Identities, groups and IdP groups where the server has access management (LXD 5.21 and
 * later); without it (LXD 5.0, Incus), trust is a list of certificates.
 */
export const permissionsFeature: FeatureModule = {
  globalRoutes: permissionsRoutes,
  nav: [
    {
      ...managed,
      id: 'permission-identities',
      label: 'Identities',
      order: 40,
      to: paths.permissionsIdentities,
      shown: withAccess,
    },
    {
      ...managed,
      id: 'permission-groups',
      label: 'Groups',
      order: 41,
      to: paths.permissionsGroups,
      shown: withAccess,
    },
    {
      ...managed,
      id: 'permission-idp-groups',
      label: 'IDP groups',
      order: 42,
      to: paths.permissionsIdpGroups,
      shown: withAccess,
    },
    {
      ...managed,
      id: 'permission-certificates',
      label: 'Certificates',
      order: 43,
      to: paths.permissionsCertificates,
      shown: withCertificates,
    },
  ],
  invalidations: [permissionsInvalidation],
  bulkExecutors: permissionsBulkExecutors,
};
