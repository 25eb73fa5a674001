import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { createIdpGroup } from '../../../../lxd/endpoints/auth';
import type { LxdIdpGroup } from '../../../../lxd/types/auth';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { GatedButton } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import {
  ResourceList,
  textColumn,
  useListView,
  type ListColumn,
  type ListSearch,
} from '../../../../shared/ui/list';
import { GroupsDialog } from '../../access/GroupsDialog';
import {
  groupsQuery,
  idpGroupsQuery,
  useAccessMutation,
  useCanOnServer,
} from '../../access/queries';
import { matchWords, validateGroupName } from '../../access/rules';
import { IdpGroupRowActions } from '../components/IdpGroupRowActions';
import '../../access/access.scss';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

export const NO_CREATE_IDP_GROUP = 'You do not have permission to create IdP groups';

const NOUN = { one: 'IdP group', other: 'IdP groups' };
const groupList = (idpGroup: LxdIdpGroup) => (idpGroup.groups ?? []).join(', ');
const rowKey = (idpGroup: LxdIdpGroup) => idpGroup.name;

const COLUMNS: ListColumn<LxdIdpGroup>[] = [
  textColumn('name', 'Name', rowKey, {
    width: 18,
    alwaysShown: true,
    rowHeader: true,
    cell: (idpGroup) => (
      <ResourceName type="idp-group">
        <span title={idpGroup.name}>{idpGroup.name}</span>
      </ResourceName>
    ),
  }),
  textColumn('groups', 'Groups', groupList),
];

const SEARCH: ListSearch<LxdIdpGroup> = {
  label: 'Search IdP groups',
  placeholder: 'Search by name or group',
  compile: (term) => matchWords<LxdIdpGroup>(term, (row) => `${row.name} ${groupList(row)}`),
};

/**
 * /ui/permissions/idp-groups: the groups an identity provider (OIDC) puts its users in, and the
 * LXD groups each one maps to; create, change the mapping, rename, delete.
 */
export function IdpGroupListPage() {
  const { isFineGrained } = useAuth();
  const notify = useNotify();
  const list = useQuery(idpGroupsQuery(isFineGrained));
  const groupQuery = useQuery(groupsQuery(isFineGrained));
  const groups = useMemo(() => groupQuery.data?.map((group) => group.name), [groupQuery.data]);
  const existing = useMemo(() => (list.data ?? []).map(rowKey), [list.data]);
  const canCreate = useCanOnServer('createIdpGroups');
  const [creating, setCreating] = useState(false);
  const create = useAccessMutation(createIdpGroup);

  const view = useListView<LxdIdpGroup>({
    id: 'idp-groups',
    rows: list.data,
    columns: COLUMNS,
    rowKey,
    defaultSort: { column: 'name', direction: 'ascending' },
    search: SEARCH,
  });
  const rowActions = useCallback(
    (idpGroup: LxdIdpGroup) => (
      <IdpGroupRowActions idpGroup={idpGroup} groups={groups} existing={existing} />
    ),
    [groups, existing],
  );
  const createButton = (
    <GatedButton
      className="p-button--positive"
      reason={canCreate ? undefined : NO_CREATE_IDP_GROUP}
      onClick={() => setCreating(true)}
    >
      Create IdP group
    </GatedButton>
  );

  return (
    <section className="list-page access-page" aria-labelledby="idp-groups-heading">
      <PageHeader title={<span id="idp-groups-heading">IdP groups</span>}>
        {createButton}
      </PageHeader>
      <ResourceList<LxdIdpGroup>
        view={view}
        label="IdP groups"
        noun={NOUN}
        query={list}
        rowLabel={rowKey}
        rowActions={rowActions}
        actionsWidth={21.5}
        empty={{
          body: (
            <p>
              An IdP group is a group your identity provider puts users in (its groups claim). Map
              it to LXD groups to give its users their permissions when they sign in with SSO.
            </p>
          ),
        }}
      />
      {creating && (
        <GroupsDialog
          title="Create IdP group"
          intro={
            <p className="p-form-help-text">
              Use the group&apos;s name exactly as the identity provider sends it.
            </p>
          }
          nameField={{
            label: 'Name',
            validate: (name) => validateGroupName('IdP group', name, existing),
          }}
          groups={groups}
          submitLabel="Create IdP group"
          what="IdP group"
          onClose={() => setCreating(false)}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            notify.success('IdP group created', `IdP group ${values.name} was created.`);
          }}
        />
      )}
    </section>
  );
}
