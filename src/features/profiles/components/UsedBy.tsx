import { Link } from '../../../shared/routing/router';
import type { LxdProfile } from '../../../lxd/types/profile';
import { paths } from '../../../shared/routing/paths';
import { ResourceIcon } from '../../../shared/ui/ResourceIcon';
import { groupByProject, instancesUsing, profileSearch } from '../rules';

/** The instances using a profile, grouped by project, each linked; plus the filtered list. */
export function UsedBy({ project, profile }: { project: string; profile: LxdProfile }) {
  const groups = groupByProject(instancesUsing(profile), project);
  if (groups.length === 0) {
    return <p className="u-text--muted">No instances use this profile.</p>;
  }
  return (
    <div className="profile-used-by">
      {groups.map((group) => (
        <section key={group.project} aria-label={`Instances in project ${group.project}`}>
          <h3 className="p-heading--6 profile-used-by__project">
            Project {group.project}
            <span className="profile-used-by__count">
              {group.instances.length} {group.instances.length === 1 ? 'instance' : 'instances'}
            </span>
          </h3>
          <ul className="p-list profile-used-by__list">
            {group.instances.map((name) => (
              <li key={name} className="p-list__item">
                <ResourceIcon type="instance" />
                <Link to={paths.instance(group.project, name)}>{name}</Link>
              </li>
            ))}
          </ul>
          <Link
            className="profile-used-by__filter"
            to={`${paths.instances(group.project)}${profileSearch(profile.name)}`}
          >
            Show in the instance list
          </Link>
        </section>
      ))}
    </div>
  );
}
