/** The IPAM list's columns: address, type, used by (a link), NAT, MAC address, network. */
import { Link } from '../../../../shared/routing/router';
import { paths } from '../../../../shared/routing/paths';
import type { ListColumn, ListFilter, SortState } from '../../../../shared/ui/list';
import { ALLOCATION_TYPES, typeLabel, type IpamRow, type UsedBy } from '../rules';

/** The columns menu remembers its choice under `lxd-console.network-ipam.hidden-columns`. */
export const IPAM_LIST_ID = 'network-ipam';
export const IPAM_LIST_SORT: SortState = { column: 'address', direction: 'ascending' };

/** The console route of an allocation's user, in the project the list is shown for. */
export function usedByPath(usedBy: UsedBy, project: string): string | undefined {
  switch (usedBy.kind) {
    case 'instance':
      return paths.instance(usedBy.project, usedBy.name);
    case 'network':
      return paths.network(project, usedBy.name);
    case 'network-forward':
      return paths.networkForwardEdit(project, usedBy.network, usedBy.name);
    case 'network-load-balancer':
      return paths.network(project, usedBy.network, 'load-balancers');
    default:
      return undefined;
  }
}

export function ipamColumns(project: string): ListColumn<IpamRow>[] {
  return [
    {
      id: 'address',
      header: 'Address',
      width: 14,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (row) => row.order,
      cell: (row) => <span title={row.address}>{row.address}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      width: 10,
      sortValue: (row) => typeLabel(row.type),
      cell: (row) => typeLabel(row.type),
    },
    {
      id: 'used-by',
      header: 'Used by',
      sortValue: (row) => row.usedBy.label,
      cell: (row) => {
        const to = usedByPath(row.usedBy, project);
        return to ? (
          <Link to={to} title={row.usedBy.label}>
            {row.usedBy.label}
          </Link>
        ) : (
          <span title={row.usedBy.label}>{row.usedBy.label}</span>
        );
      },
    },
    {
      id: 'nat',
      header: 'NAT',
      width: 5,
      priority: 2,
      sortValue: (row) => (row.nat ? 1 : 0),
      cell: (row) => (row.nat ? 'Yes' : 'No'),
    },
    {
      id: 'hwaddr',
      header: 'MAC address',
      width: 11,
      priority: 2,
      sortValue: (row) => row.hwaddr,
      cell: (row) => row.hwaddr,
    },
    {
      id: 'network',
      header: 'Network',
      width: 10,
      priority: 2,
      sortValue: (row) => row.network,
      cell: (row) =>
        row.network ? (
          <Link to={paths.network(project, row.network)} title={row.network}>
            {row.network}
          </Link>
        ) : (
          '-'
        ),
    },
  ];
}

/** The filter's options: the known values and those the rows have. */
function options(known: readonly string[], extra: Iterable<string>, label = (v: string) => v) {
  const values = [...known];
  for (const value of extra) if (value && !values.includes(value)) values.push(value);
  return values.map((value) => ({ value, label: label(value) }));
}

/** Filters by type (?type=) and network (?network=). */
export function ipamFilters(rows: readonly IpamRow[]): ListFilter<IpamRow>[] {
  return [
    {
      param: 'type',
      label: 'Type',
      options: options(
        ALLOCATION_TYPES.filter((type) => type !== 'uplink'),
        rows.map((row) => row.type),
        typeLabel,
      ),
      match: (row, value) => row.type === value,
    },
    {
      param: 'network',
      label: 'Network',
      options: options([], [...new Set(rows.map((row) => row.network))].sort()),
      match: (row, value) => row.network === value,
    },
  ];
}
