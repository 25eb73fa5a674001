import { useAuth } from '../../../../shared/auth/context';
import { hasEntitlement } from '../../../../shared/permissions/entitlements';

/** Spec §6: creating volumes needs the project's `can_create_storage_volumes` (fine-grained). */
export function useCanCreateVolumes(project: string): boolean {
  const { isFineGrained, projects } = useAuth();
  return hasEntitlement(
    isFineGrained,
    'can_create_storage_volumes',
    projects.find((candidate) => candidate.name === project),
  );
}
