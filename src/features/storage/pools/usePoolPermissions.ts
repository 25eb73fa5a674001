import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { POOL_MESSAGES } from './rules';

/**
 * Why the signed-in identity may not create storage pools (spec §6: can_create_storage_pools,
 * storage_pool_manager or admin on the server), or undefined when it may. A certificate
 * restricted to its projects cannot create server-wide pools either.
 */
export function useCreatePoolReason(): string | undefined {
  const { isRestricted } = useAuth();
  const denied = usePermissions().onServer('createStoragePools');
  return isRestricted ? POOL_MESSAGES.restrictedCreate : denied;
}
