import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LxdInstanceState } from '../../../../lxd/types/instance';
import {
  DataTable,
  sortRows,
  useLocalSort,
  type ListColumn,
  type SortState,
} from '../../../../shared/ui/list';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';

export const FAMILY_LABELS: Record<string, string> = { inet: 'IPv4', inet6: 'IPv6' };

/** One address of an interface (or the interface alone while it has none). */
export interface AddressRow {
  key: string;
  iface: string;
  /** The interface's first row: it shows the name, MAC address and state once. */
  first: boolean;
  family: string;
  /** `address/netmask`; undefined while the interface has no address. */
  address: string | undefined;
  scope: string;
  hwaddr: string;
  state: string;
}

/** Interfaces with their addresses, each with its family (loopback left out). */
export function addressRows(state: LxdInstanceState): AddressRow[] {
  return Object.entries(state.network ?? {})
    .filter(([name, network]) => name !== 'lo' && network.type !== 'loopback')
    .flatMap(([name, network]): AddressRow[] => {
      const hwaddr = network.hwaddr || '-';
      const addresses = network.addresses ?? [];
      if (addresses.length === 0) {
        return [
          {
            key: name,
            iface: name,
            first: true,
            family: '-',
            address: undefined,
            scope: '-',
            hwaddr,
            state: network.state,
          },
        ];
      }
      return addresses.map((address, index) => ({
        // The index keeps an interface's addresses in LXD's order whichever way it is sorted.
        key: `${name}/${String(index)}`,
        iface: name,
        first: index === 0,
        family: FAMILY_LABELS[address.family] ?? address.family,
        address: `${address.address}${address.netmask ? `/${address.netmask}` : ''}`,
        scope: address.scope,
        hwaddr: index === 0 ? hwaddr : '',
        state: index === 0 ? network.state : '',
      }));
    });
}

// Only the interface is sortable: an interface's addresses stay together under its name.
const COLUMNS: readonly ListColumn<AddressRow>[] = [
  {
    id: 'interface',
    header: 'Interface',
    width: 8,
    rowHeader: true,
    sortValue: (row) => row.iface,
    cell: (row) => (row.first ? row.iface : <span className="u-off-screen">{row.iface}</span>),
  },
  { id: 'family', header: 'Family', width: 5.5, cell: (row) => row.family },
  {
    id: 'address',
    header: 'Address',
    cell: (row) => row.address ?? <span className="u-text--muted">No address yet</span>,
  },
  { id: 'scope', header: 'Scope', width: 6, priority: 2, cell: (row) => row.scope },
  { id: 'mac', header: 'MAC address', width: 10.5, priority: 2, cell: (row) => row.hwaddr },
  { id: 'state', header: 'State', width: 5.5, cell: (row) => row.state },
];

const DEFAULT_SORT: SortState = { column: 'interface', direction: 'ascending' };
const rowKey = (row: AddressRow) => row.key;

/** Interfaces with their addresses, each with its family (loopback left out). */
export function NetworkTable({ state }: { state: UseQueryResult<LxdInstanceState> }) {
  const [sort, onSort] = useLocalSort(DEFAULT_SORT);
  const rows = useMemo(
    () => (state.data ? sortRows(addressRows(state.data), COLUMNS, sort, rowKey) : []),
    [state.data, sort],
  );
  if (state.isPending) return <Loader text="Loading addresses…" />;
  if (state.isError)
    return <ErrorNotice title="Could not load the live state" error={state.error} />;
  if (rows.length === 0) {
    return (
      <p className="u-text--muted">
        {state.data.status === 'Running' ? 'No network interfaces.' : 'Not running: no addresses.'}
      </p>
    );
  }
  return (
    <DataTable
      label="Network interfaces"
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      sort={sort}
      onSort={onSort}
    />
  );
}
