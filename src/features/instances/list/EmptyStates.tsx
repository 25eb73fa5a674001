import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/context';
import { hasEntitlement } from '../../../shared/permissions/entitlements';
import { paths } from '../../../shared/routing/paths';

export const NO_CREATE_INSTANCE_PERMISSION =
  'You do not have permission to create instances in this project';

/** 'Create instance', disabled with the reason without `can_create_instances`. */
export function CreateInstanceButton({ project }: { project: string }) {
  const { isFineGrained, projects } = useAuth();
  const allowed = hasEntitlement(
    isFineGrained,
    'can_create_instances',
    projects.find((candidate) => candidate.name === project),
  );
  if (!allowed) {
    return (
      <button
        type="button"
        className="p-button--positive"
        disabled
        title={NO_CREATE_INSTANCE_PERMISSION}
      >
        Create instance
      </button>
    );
  }
  return (
    <Link className="p-button--positive" to={paths.instanceCreate(project)}>
      Create instance
    </Link>
  );
}

/** What an empty instance list says (the create button comes with it where allowed). */
export function noInstancesText(project: string | undefined): string {
  return project === undefined
    ? 'There are no instances in any project you can see.'
    : `Project ${project} has no instances yet. Instances are containers and virtual machines created from images.`;
}
