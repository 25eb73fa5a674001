import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createClusterGroup } from '../../../lxd/endpoints/cluster';
import type { LxdClusterGroup } from '../../../lxd/types/cluster';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import {
  BY_NAME,
  CLUSTER_GROUPS_LIST_ID,
  GROUP_COLUMNS,
  nameContains,
} from '../components/clusterColumns';
import { GroupActions } from '../components/GroupActions';
import { GroupFormModal } from '../components/GroupFormModal';
import { groupsPostBody } from '../form';
import { clusterGroupsQuery, clusterKeys } from '../queries';
import '../cluster.scss';

const NOUN = { one: 'cluster group', other: 'cluster groups' };
const rowKey = (group: LxdClusterGroup) => group.name;
const SEARCH: ListSearch<LxdClusterGroup> = {
  label: 'Search cluster groups',
  placeholder: 'Search by name',
  compile: nameContains(rowKey),
};

/** /ui/cluster/groups: the cluster groups and their members; create, edit, rename, delete. */
export function ClusterGroupsPage() {
  const client = useQueryClient();
  const notify = useNotify();
  const groups = useQuery(clusterGroupsQuery);
  const reason = usePermissions().onServer('changeClusterMembers');
  const [creating, setCreating] = useState(false);
  const view = useListView({
    id: CLUSTER_GROUPS_LIST_ID,
    rows: groups.data,
    columns: GROUP_COLUMNS,
    rowKey,
    defaultSort: BY_NAME,
    search: SEARCH,
  });
  const names = useMemo(() => (groups.data ?? []).map(rowKey), [groups.data]);
  const rowActions = useCallback(
    (group: LxdClusterGroup) => (
      <GroupActions group={group} existingNames={names} reason={reason} />
    ),
    [names, reason],
  );
  const createButton = (
    <GatedButton className="p-button--positive" reason={reason} onClick={() => setCreating(true)}>
      Create group
    </GatedButton>
  );

  return (
    <section className="list-page cluster-page">
      <PageHeader title="Cluster groups">{createButton}</PageHeader>
      {/* Rows grow: a group's member links wrap onto more lines. */}
      <ResourceList<LxdClusterGroup>
        view={view}
        label="Cluster groups"
        noun={NOUN}
        query={groups}
        rowLabel={rowKey}
        rowActions={rowActions}
        actionsWidth={15}
        rowHeight={null}
        empty={{ body: <p>Groups gather members to place instances on.</p>, action: createButton }}
      />
      {creating && (
        <GroupFormModal
          existingNames={names}
          reason={reason}
          onClose={() => setCreating(false)}
          onSubmit={async (values) => {
            await createClusterGroup(groupsPostBody(values));
            await client.invalidateQueries({ queryKey: clusterKeys.all });
            notify.success(`Group ${values.name} created`);
          }}
        />
      )}
    </section>
  );
}
