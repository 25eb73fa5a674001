import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from '../../../../shared/routing/router';
import type { LxdNetwork } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { paths } from '../../../../shared/routing/paths';
import { CreateLink } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import {
  ResourceList,
  useListView,
  type ListFilter,
  type ListSearch,
} from '../../../../shared/ui/list';
import {
  NETWORK_LIST_ID,
  NETWORK_LIST_SORT,
  networkColumns,
  type RowState,
} from '../components/networkListColumns';
import { networksQuery, networkStateQuery } from '../queries';
import { isListedNetwork, matchNetwork, typeLabel } from '../rules';
import '../networks.scss';

const NOUN = { one: 'network', other: 'networks' };
const SEARCH: ListSearch<LxdNetwork> = {
  label: 'Search networks',
  placeholder: 'Search by name, type or description',
  compile: matchNetwork,
};
const rowKey = (network: LxdNetwork) => network.name;
const dataOf = (results: { data?: RowState }[]) => results.map((result) => result.data);

const MANAGED_FILTER: ListFilter<LxdNetwork> = {
  param: 'managed',
  label: 'Managed',
  options: [
    { value: 'yes', label: 'Managed' },
    { value: 'no', label: 'Host interfaces' },
  ],
  match: (network, value) => network.managed === (value === 'yes'),
};

export function CreateNetworkButton({ project }: { project: string }) {
  return (
    <CreateLink project={project} action="createNetworks" to={paths.networkCreate(project)}>
      Create network
    </CreateLink>
  );
}

/**
 * /ui/project/{project}/networks: managed networks and the host's interfaces, with search
 * (?search=) and filters by type (?type=) and managed (?managed=) in the URL.
 */
export function NetworkListPage() {
  const { project = '' } = useParams();
  const { isFineGrained, isClustered } = useAuth();
  const list = useQuery({
    ...networksQuery(project, isFineGrained),
    select: (networks: LxdNetwork[]) => networks.filter(isListedNetwork),
  });
  const columns = useMemo(() => networkColumns(project, isClustered), [project, isClustered]);
  const types = useMemo(
    () => [...new Set((list.data ?? []).map((network) => network.type))].sort(),
    [list.data],
  );
  const filters = useMemo<ListFilter<LxdNetwork>[]>(
    () => [
      {
        param: 'type',
        label: 'Type',
        options: types.map((type) => ({ value: type, label: typeLabel(type) })),
        match: (network, value) => network.type === value,
      },
      MANAGED_FILTER,
    ],
    [types],
  );
  const view = useListView<LxdNetwork, RowState>({
    id: NETWORK_LIST_ID,
    rows: list.data,
    columns,
    rowKey,
    defaultSort: NETWORK_LIST_SORT,
    search: SEARCH,
    filters,
  });

  // Host interfaces have no configured addresses: ask their state, for the rows in view only.
  const [visible, setVisible] = useState<readonly LxdNetwork[]>([]);
  const unmanaged = visible.filter((network) => !network.managed).map((network) => network.name);
  const names = unmanaged.join('\n');
  const states = useQueries({
    queries: unmanaged.map((name) => networkStateQuery(project, name)),
    combine: dataOf,
  });
  const rowExtra = useMemo(() => {
    const byName = new Map(names.split('\n').map((name, i) => [name, states[i]]));
    return (network: LxdNetwork): RowState => byName.get(network.name);
  }, [names, states]);

  return (
    <section className="list-page network-page" aria-labelledby="networks-heading">
      <PageHeader title={<span id="networks-heading">Networks</span>}>
        <CreateNetworkButton project={project} />
      </PageHeader>
      <ResourceList<LxdNetwork, RowState>
        view={view}
        label="Networks"
        noun={NOUN}
        query={list}
        rowLabel={rowKey}
        rowExtra={rowExtra}
        onVisibleRowsChange={setVisible}
        empty={{
          body: <p>Networks connect instances to each other, to the host and to the outside.</p>,
          action: <CreateNetworkButton project={project} />,
        }}
      />
    </section>
  );
}
