import { Link } from 'react-router';
import { paths } from '../../../../shared/routing/paths';
import { ACL_MESSAGES } from '../rules';

/** 'Create network ACL', disabled with the reason without `can_create_network_acls`. */
export function CreateAclButton({ project, allowed }: { project: string; allowed: boolean }) {
  return allowed ? (
    <Link className="p-button--positive" to={paths.networkAclCreate(project)}>
      Create network ACL
    </Link>
  ) : (
    <button type="button" className="p-button--positive" disabled title={ACL_MESSAGES.noCreate}>
      Create network ACL
    </button>
  );
}
