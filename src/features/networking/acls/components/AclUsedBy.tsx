import { Link } from '../../../../shared/routing/router';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { paths } from '../../../../shared/routing/paths';
import { ResourceIcon, isResourceType } from '../../../../shared/ui/ResourceIcon';
import { aclUsers, groupAclUsers, type AclUser } from '../rules';

function userPath(user: AclUser): string | undefined {
  switch (user.kind) {
    case 'network':
      return paths.network(user.project, user.name);
    case 'instance':
      return paths.instance(user.project, user.name);
    case 'profile':
      return paths.profile(user.project, user.name);
    case 'network-acl':
      return paths.networkAcl(user.project, user.name);
    default:
      return undefined;
  }
}

/** What uses an ACL, grouped by kind, each linked (networks, instances, profiles, ACLs). */
export function AclUsedBy({ project, acl }: { project: string; acl: LxdNetworkAcl }) {
  const groups = groupAclUsers(aclUsers(acl, project));
  if (groups.length === 0) {
    return (
      <p className="u-text--muted">
        Nothing uses this network ACL. Networks and NICs use it through their security.acls setting.
      </p>
    );
  }
  return (
    <div className="acl-used-by">
      {groups.map((group) => (
        <section key={group.kind} aria-label={`Used by ${group.other}`}>
          <h3 className="p-heading--6 acl-used-by__kind">
            {group.other.charAt(0).toUpperCase() + group.other.slice(1)}
            <span className="acl-used-by__count">{group.users.length}</span>
          </h3>
          <ul className="p-list acl-used-by__list">
            {group.users.map((user) => {
              const to = userPath(user);
              const other = user.project !== project ? ` (project ${user.project})` : '';
              return (
                <li key={user.url} className="p-list__item">
                  {isResourceType(user.kind) && <ResourceIcon type={user.kind} />}
                  {to ? <Link to={to}>{user.name}</Link> : user.name}
                  {other}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
