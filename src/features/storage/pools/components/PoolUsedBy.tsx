import { Link } from '../../../../shared/routing/router';
import type { LxdStoragePool } from '../../../../lxd/types/storage';
import { paths } from '../../../../shared/routing/paths';
import { ResourceIcon, type ResourceType } from '../../../../shared/ui/ResourceIcon';
import { groupPoolUsers, poolUsers, type PoolUser } from '../rules';

function userLink(user: PoolUser): string | undefined {
  const p = user.project;
  switch (user.kind) {
    case 'instance':
      return user.parent
        ? paths.instance(p, user.parent, 'snapshots')
        : paths.instance(p, user.name);
    case 'profile':
      return paths.profile(p, user.name);
    case 'volume':
      return paths.storageVolume(
        p,
        user.pool ?? '',
        user.volumeType ?? 'custom',
        user.parent ?? user.name,
        {
          ...(user.member ? { member: user.member } : {}),
          ...(user.parent ? { tab: 'snapshots' } : {}),
        },
      );
    case 'image':
      return `${paths.images(p)}?search=${encodeURIComponent(user.name)}`;
    case 'bucket':
      return paths.storageBucket(p, user.pool ?? '', user.name);
    default:
      return undefined;
  }
}

function userIcon(user: PoolUser): ResourceType | undefined {
  switch (user.kind) {
    case 'instance':
      return user.parent ? 'snapshot' : 'instance';
    case 'volume':
      return user.parent ? 'snapshot' : 'volume';
    case 'profile':
    case 'image':
    case 'bucket':
      return user.kind;
    default:
      return undefined;
  }
}

function userText(user: PoolUser): string {
  if (user.kind === 'image') return user.name.slice(0, 12);
  if (user.kind === 'volume' && user.volumeType && user.volumeType !== 'custom') {
    return `${user.name} (${user.volumeType})`;
  }
  return user.name;
}

/** What uses a pool, grouped by kind (instances, profiles, volumes, images…), each linked. */
export function PoolUsedBy({ project, pool }: { project: string; pool: LxdStoragePool }) {
  const groups = groupPoolUsers(poolUsers(pool));
  if (groups.length === 0) {
    return <p className="u-text--muted">Nothing uses this storage pool.</p>;
  }
  return (
    <div className="pool-used-by">
      {groups.map((group) => {
        const title = group.other.charAt(0).toUpperCase() + group.other.slice(1);
        return (
          <section key={group.kind} aria-label={title}>
            <h3 className="p-heading--6 pool-used-by__kind">
              {title}
              <span className="pool-used-by__count">{group.users.length}</span>
            </h3>
            <ul className="p-list pool-used-by__list">
              {group.users.map((user) => {
                const to = userLink(user);
                const text = userText(user);
                const icon = userIcon(user);
                return (
                  <li key={user.url} className="p-list__item">
                    {icon && <ResourceIcon type={icon} />}
                    {to ? <Link to={to}>{text}</Link> : <span>{text}</span>}
                    {user.project !== project && (
                      <span className="u-text--muted"> in project {user.project}</span>
                    )}
                    {user.member && <span className="u-text--muted"> on {user.member}</span>}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
