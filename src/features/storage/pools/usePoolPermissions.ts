import { useAuth, type AuthState } from '../../../shared/auth/context';
import type { Permissions } from '../../../shared/permissions/usePermissions';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { POOL_MESSAGES } from './rules';

/**
 * Why the signed-in identity may not create storage pools (spec §6: can_create_storage_pools,
 * storage_pool_manager or admin on the server), or undefined when it may. A certificate
 * restricted to its projects cannot create server-wide pools either.
 */
export function createPoolReason(
  auth: Pick<AuthState, 'isRestricted'>,
  permissions: Pick<Permissions, 'onServer'>,
): string | undefined {
  return auth.isRestricted
    ? POOL_MESSAGES.restrictedCreate
    : permissions.onServer('createStoragePools');
}

export function useCreatePoolReason(): string | undefined {
  return createPoolReason(useAuth(), usePermissions());
}
