import { paths } from '../../../shared/routing/paths';
import { CreateLink } from '../../../shared/ui/Gated';

/** 'Create instance', disabled with the reason without `can_create_instances`. */
export function CreateInstanceButton({ project }: { project: string }) {
  return (
    <CreateLink project={project} action="createInstances" to={paths.instanceCreate(project)}>
      Create instance
    </CreateLink>
  );
}

/** What an empty instance list says (the create button comes with it where allowed). */
export function noInstancesText(project: string | undefined): string {
  return project === undefined
    ? 'There are no instances in any project you can see.'
    : `Project ${project} has no instances yet. Instances are containers and virtual machines created from images.`;
}
