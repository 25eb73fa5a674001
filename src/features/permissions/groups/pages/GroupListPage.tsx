import { useQuery } from '@tanstack/react-query';
import type { LxdAuthGroup } from '../../../../lxd/types/auth';
import { canOnServer } from '../../../../shared/permissions/entitlements';
import { listPage, listRows } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { groupsQuery } from '../../access';
import { GROUP_COLUMNS, GROUP_SEARCH, groupName } from '../components/groupListColumns';
import { GROUP_MESSAGES } from '../rules';
import '../../permissions.scss';

/**
 * /ui/permissions/groups: the groups that carry permissions, how many identities are in each
 * and how many permissions each grants; search in the URL.
 */
export const GroupListPage = listPage<LxdAuthGroup>({
  id: 'auth-groups',
  title: 'Groups',
  noun: { one: 'group', other: 'groups' },
  className: 'access-page',
  useRows: ({ auth }) => listRows(useQuery(groupsQuery(auth.isFineGrained))),
  columns: () => GROUP_COLUMNS,
  rowKey: groupName,
  defaultSort: { column: 'name', direction: 'ascending' },
  search: GROUP_SEARCH,
  create: {
    label: 'Create group',
    to: () => paths.permissionsGroupCreate(),
    reason: ({ auth }) =>
      canOnServer(auth.isFineGrained, 'createGroups', auth.server)
        ? undefined
        : GROUP_MESSAGES.noCreate,
  },
  empty:
    'A group grants permissions (an entitlement on an entity: can_view on an instance, operator on a project) to the identities and IdP groups in it.',
});
