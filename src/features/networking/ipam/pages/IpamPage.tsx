import { useQuery } from '@tanstack/react-query';
import { NETWORK_ALLOCATIONS_EXTENSION } from '../../../../lxd/endpoints/network-allocations';
import { hasServerExtension } from '../../../../shared/auth/context';
import { listPage } from '../../../../shared/pages';
import { IPAM_LIST_ID, IPAM_LIST_SORT, ipamColumns, ipamFilters } from '../components/ipamColumns';
import { ipamQuery } from '../queries';
import { ipamRows, matchIpamRow, typeLabel, type IpamRow } from '../rules';
import './ipam.scss';

export const ASSEMBLED_NOTICE =
  'This server has no network allocations API (LXD 5.0.3 and newer): the list is assembled from the networks, their DHCP leases, the instances’ NICs and the forwards.';

const fromServer = (auth: Parameters<typeof hasServerExtension>[0]) =>
  hasServerExtension(auth, NETWORK_ALLOCATIONS_EXTENSION);

/** /ui/project/{project}/network-ipam: every address allocated in the project. */
export const IpamPage = listPage<IpamRow>({
  id: IPAM_LIST_ID,
  title: 'IPAM',
  tableLabel: 'IP addresses',
  noun: { one: 'address', other: 'addresses' },
  className: 'ipam-page',
  useRows: ({ project, auth }) => {
    const list = useQuery({ ...ipamQuery(project, fromServer(auth)), select: ipamRows });
    return { rows: list.data, query: list };
  },
  columns: ({ project }) => ipamColumns(project),
  rowKey: (row) => row.key,
  rowLabel: (row) => `${row.address} ${typeLabel(row.type)} ${row.usedBy.label}`,
  defaultSort: IPAM_LIST_SORT,
  search: {
    label: 'Search addresses',
    placeholder: 'Search by address, user, MAC or network',
    compile: matchIpamRow,
  },
  filters: (_context, rows) => ipamFilters(rows),
  notice: ({ auth }) =>
    !fromServer(auth) && (
      <p className="ipam-page__notice" role="note">
        {ASSEMBLED_NOTICE}
      </p>
    ),
  emptyTitle: 'No addresses are allocated in this project',
  empty: 'Managed networks, the instances on them and network forwards show their addresses here.',
});
