/** The profile list's columns: name (a link), description and how many instances use it. */
import { Link } from '../../../shared/routing/router';
import type { LxdProfile } from '../../../lxd/types/profile';
import { paths } from '../../../shared/routing/paths';
import type { ListColumn, SortState } from '../../../shared/ui/list';
import { instancesUsing, profileNameOrder } from '../rules';
import { ResourceName } from '../../../shared/ui/ResourceIcon';

/** The columns menu remembers its choice under `lxd-console.profiles.hidden-columns`. */
export const PROFILE_LIST_ID = 'profiles';
/** By name, the default profile first (as LXD's own UI lists them). */
export const PROFILE_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

const usedBy = (profile: LxdProfile) => instancesUsing(profile).length;

export function profileColumns(project: string): ListColumn<LxdProfile>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 14,
      alwaysShown: true,
      rowHeader: true,
      sortValue: profileNameOrder,
      cell: (profile) => (
        <ResourceName type="profile">
          <Link to={paths.profile(project, profile.name)} title={profile.name}>
            {profile.name}
          </Link>
        </ResourceName>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (profile) => profile.description,
      cell: (profile) => <span title={profile.description}>{profile.description}</span>,
    },
    {
      id: 'used-by',
      header: 'Used by',
      width: 8,
      align: 'right',
      sortValue: usedBy,
      cell: (profile) => {
        const count = usedBy(profile);
        return `${String(count)} ${count === 1 ? 'instance' : 'instances'}`;
      },
    },
  ];
}
