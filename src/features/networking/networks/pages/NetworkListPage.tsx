import type { LxdNetwork } from '../../../../lxd/types/network';
import { listPage } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import {
  NETWORK_LIST_ID,
  NETWORK_LIST_SORT,
  networkColumns,
  networkFilters,
  type RowState,
} from '../components/networkListColumns';
import { useNetworkRows } from '../components/useNetworkRows';
import { matchNetwork } from '../rules';
import '../networks.scss';

/**
 * /ui/project/{project}/networks: managed networks and the host's interfaces, with search
 * (?search=) and filters by type (?type=) and managed (?managed=) in the URL.
 */
export const NetworkListPage = listPage<LxdNetwork, RowState>({
  id: NETWORK_LIST_ID,
  title: 'Networks',
  noun: { one: 'network', other: 'networks' },
  className: 'network-page',
  useRows: useNetworkRows,
  columns: ({ project, auth }) => networkColumns(project, auth.isClustered),
  rowKey: (network) => network.name,
  defaultSort: NETWORK_LIST_SORT,
  search: {
    label: 'Search networks',
    placeholder: 'Search by name, type or description',
    compile: matchNetwork,
  },
  filters: (_context, rows) => networkFilters(rows),
  create: {
    label: 'Create network',
    to: ({ project }) => paths.networkCreate(project),
    action: 'createNetworks',
  },
  empty: 'Networks connect instances to each other, to the host and to the outside.',
});
