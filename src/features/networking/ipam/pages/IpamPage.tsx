import { listPage } from '../../../../shared/pages';
import { IPAM_LIST_ID, IPAM_LIST_SORT, ipamColumns, ipamFilters } from '../components/ipamColumns';
import { ipamNotice, useIpamRows } from '../components/ipamRows';
import { matchIpamRow, typeLabel, type IpamRow } from '../rules';
import './ipam.scss';

export { ASSEMBLED_NOTICE } from '../rules';

/** /ui/project/{project}/network-ipam: every address allocated in the project. */
export const IpamPage = listPage<IpamRow>({
  id: IPAM_LIST_ID,
  title: 'IPAM',
  tableLabel: 'IP addresses',
  noun: { one: 'address', other: 'addresses' },
  className: 'ipam-page',
  useRows: useIpamRows,
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
  notice: ipamNotice,
  emptyTitle: 'No addresses are allocated in this project',
  empty: 'Managed networks, the instances on them and network forwards show their addresses here.',
});
