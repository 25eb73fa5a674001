/**
 * What the identity may do with networks (spec §6): everything unless fine-grained; then
 * creating needs the project's `can_create_networks`, editing and deleting the network's
 * `can_edit` / `can_delete`.
 */
import { useQuery } from '@tanstack/react-query';
import type { LxdNetwork } from '../../../lxd/types/network';
import { useAuth } from '../../../shared/auth/context';
import { hasEntitlement } from '../../../shared/permissions/entitlements';
import { networkCreateEntitlementQuery } from './queries';

export function useCanCreateNetworks(project: string): boolean {
  const { isFineGrained } = useAuth();
  const list = useQuery(networkCreateEntitlementQuery(isFineGrained));
  return hasEntitlement(
    isFineGrained,
    'can_create_networks',
    list.data?.find((candidate) => candidate.name === project),
  );
}

export function useNetworkAbilities(network: LxdNetwork | undefined) {
  const { isFineGrained } = useAuth();
  return {
    canEdit: hasEntitlement(isFineGrained, 'can_edit', network),
    canDelete: hasEntitlement(isFineGrained, 'can_delete', network),
  };
}
