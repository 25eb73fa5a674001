import { paths } from '../../../../shared/routing/paths';
import { CreateLink } from '../../../../shared/ui/Gated';

/** 'Create network ACL', disabled with the reason without `can_create_network_acls`. */
export function CreateAclButton({ project }: { project: string }) {
  return (
    <CreateLink project={project} action="createNetworkAcls" to={paths.networkAclCreate(project)}>
      Create network ACL
    </CreateLink>
  );
}
