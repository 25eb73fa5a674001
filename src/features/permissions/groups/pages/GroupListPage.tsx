import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../../shared/routing/router';
import type { LxdAuthGroup } from '../../../../lxd/types/auth';
import { useAuth } from '../../../../shared/auth/context';
import { paths } from '../../../../shared/routing/paths';
import { GatedLink } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import {
  ResourceList,
  textColumn,
  useListView,
  type ListColumn,
  type ListSearch,
} from '../../../../shared/ui/list';
import { groupsQuery, useCanOnServer } from '../../access/queries';
import { GROUP_MESSAGES, identityCount, matchGroup, permissionCount } from '../rules';
import '../../access/access.scss';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

const NOUN = { one: 'group', other: 'groups' };
const rowKey = (group: LxdAuthGroup) => group.name;

const COLUMNS: ListColumn<LxdAuthGroup>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 18,
    alwaysShown: true,
    rowHeader: true,
    sortValue: rowKey,
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

const SEARCH: ListSearch<LxdAuthGroup> = {
  label: 'Search groups',
  placeholder: 'Search by name or description',
  compile: matchGroup,
};

/** "Create group", disabled with the reason without can_create_groups on the server. */
export function CreateGroupButton() {
  const canCreate = useCanOnServer('createGroups');
  return (
    <GatedLink
      className="p-button--positive"
      to={paths.permissionsGroupCreate()}
      reason={canCreate ? undefined : GROUP_MESSAGES.noCreate}
    >
      Create group
    </GatedLink>
  );
}

/**
 * /ui/permissions/groups: the groups that carry permissions, how many identities are in each
 * and how many permissions each grants; search in the URL.
 */
export function GroupListPage() {
  const { isFineGrained } = useAuth();
  const list = useQuery(groupsQuery(isFineGrained));
  const view = useListView<LxdAuthGroup>({
    id: 'auth-groups',
    rows: list.data,
    columns: COLUMNS,
    rowKey,
    defaultSort: { column: 'name', direction: 'ascending' },
    search: SEARCH,
  });

  return (
    <section className="list-page access-page" aria-labelledby="groups-heading">
      <PageHeader title={<span id="groups-heading">Groups</span>}>
        <CreateGroupButton />
      </PageHeader>
      <ResourceList<LxdAuthGroup>
        view={view}
        label="Groups"
        noun={NOUN}
        query={list}
        rowLabel={rowKey}
        empty={{
          body: (
            <p>
              A group grants permissions (an entitlement on an entity: can_view on an instance,
              operator on a project) to the identities and IdP groups in it.
            </p>
          ),
        }}
      />
    </section>
  );
}
