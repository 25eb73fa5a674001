/** The group list's columns and search. */
import type { LxdAuthGroup } from '../../../../lxd/types/auth';
import { Link } from '../../../../shared/routing/router';
import { paths } from '../../../../shared/routing/paths';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';
import { textColumn, type ListColumn, type ListSearch } from '../../../../shared/ui/list';
import { identityCount, matchGroup, permissionCount } from '../rules';

export const groupName = (group: LxdAuthGroup) => group.name;

export const GROUP_COLUMNS: ListColumn<LxdAuthGroup>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 18,
    alwaysShown: true,
    rowHeader: true,
    sortValue: groupName,
    cell: (group) => (
      <ResourceName type="auth-group">
        <Link to={paths.permissionsGroup(group.name)} title={group.name}>
          {group.name}
        </Link>
      </ResourceName>
    ),
  },
  textColumn('description', 'Description', (group) => group.description, { priority: 2 }),
  textColumn('identities', 'Identities', identityCount, { width: 8, align: 'right' }),
  textColumn('permissions', 'Permissions', permissionCount, { width: 9, align: 'right' }),
];

export const GROUP_SEARCH: ListSearch<LxdAuthGroup> = {
  label: 'Search groups',
  placeholder: 'Search by name or description',
  compile: matchGroup,
};
