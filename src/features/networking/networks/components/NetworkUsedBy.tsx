import { Link } from '../../../../shared/routing/router';
import type { LxdNetwork } from '../../../../lxd/types/network';
import { paths } from '../../../../shared/routing/paths';
import { ResourceIcon, type ResourceType } from '../../../../shared/ui/ResourceIcon';
import { networkUsers, type NetworkUser } from '../rules';

const HEADINGS: Record<NetworkUser['kind'], string> = {
  instance: 'Instances',
  profile: 'Profiles',
  network: 'Networks',
  other: 'Other',
};

const ICONS: Partial<Record<NetworkUser['kind'], ResourceType>> = {
  instance: 'instance',
  profile: 'profile',
  network: 'network',
};

function linkOf(user: NetworkUser): string | undefined {
  if (user.kind === 'instance') return paths.instance(user.project, user.name);
  if (user.kind === 'profile') return paths.profile(user.project, user.name);
  if (user.kind === 'network') return paths.network(user.project, user.name);
  return undefined;
}

/** What uses a network (its used_by), grouped by kind, each linked to its page. */
export function NetworkUsedBy({ project, network }: { project: string; network: LxdNetwork }) {
  const users = networkUsers(network);
  if (users.length === 0) {
    return <p className="u-text--muted">Nothing uses this network.</p>;
  }
  const kinds = (['instance', 'profile', 'network', 'other'] as const).filter((kind) =>
    users.some((user) => user.kind === kind),
  );
  return (
    <div className="network-used-by">
      {kinds.map((kind) => {
        const group = users
          .filter((user) => user.kind === kind)
          .sort((a, b) => a.project.localeCompare(b.project) || a.name.localeCompare(b.name));
        return (
          <section key={kind} aria-label={`Used by ${HEADINGS[kind].toLowerCase()}`}>
            <h3 className="p-heading--6 network-used-by__kind">
              {HEADINGS[kind]}
              <span className="network-used-by__count">{group.length}</span>
            </h3>
            <ul className="p-list network-used-by__list">
              {group.map((user) => {
                const link = linkOf(user);
                return (
                  <li key={user.url} className="p-list__item">
                    {ICONS[user.kind] && <ResourceIcon type={ICONS[user.kind] ?? 'network'} />}
                    {link ? <Link to={link}>{user.name}</Link> : <code>{user.url}</code>}
                    {user.project !== project && (
                      <span className="u-text--muted"> in project {user.project}</span>
                    )}
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
