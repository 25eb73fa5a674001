/**
 * The network list's columns. Managed networks show their configured addresses; host
 * interfaces LXD does not manage show the addresses of their state, fetched for the rows in
 * view only (`RowState`).
 */
import { Link } from '../../../../shared/routing/router';
import type { LxdNetwork, LxdNetworkState } from '../../../../lxd/types/network';
import { paths } from '../../../../shared/routing/paths';
import {
  textColumn,
  type ListColumn,
  type ListFilter,
  type SortState,
} from '../../../../shared/ui/list';
import { typeLabel } from '../rules';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

/** The state of an unmanaged row in view (undefined while it loads or for managed rows). */
export type RowState = LxdNetworkState | undefined;
export type NetworkColumn = ListColumn<LxdNetwork, RowState>;

/** The columns menu remembers its choice under `lxd-console.networks.hidden-columns`. */
export const NETWORK_LIST_ID = 'networks';
export const NETWORK_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

const usedByCount = (network: LxdNetwork) => network.used_by?.length ?? 0;

const ADDRESS_KEYS = { inet: 'ipv4', inet6: 'ipv6' } as const;

/** A managed network's configured address of a family ('' when none applies). */
export function configuredAddress(network: LxdNetwork, family: 'inet' | 'inet6'): string {
  const prefix = ADDRESS_KEYS[family];
  return network.config[`${prefix}.address`] ?? network.config[`${prefix}.gateway`] ?? '';
}

/** An interface's global addresses of a family from its state, as address/prefix. */
export function stateAddresses(state: RowState, family: 'inet' | 'inet6'): string[] {
  return (state?.addresses ?? [])
    .filter((address) => address.family === family && address.scope !== 'link')
    .map((address) => `${address.address}/${address.netmask}`);
}

function addressCell(family: 'inet' | 'inet6') {
  return (network: LxdNetwork, state: RowState) => {
    const list = network.managed
      ? [configuredAddress(network, family)]
      : stateAddresses(state, family);
    const shown = list.filter((address) => address !== '');
    if (shown.length === 0) return <span className="u-text--muted">-</span>;
    return (
      <span title={shown.join('\n')}>
        {shown[0]}
        {shown.length > 1 && <span className="u-text--muted"> +{String(shown.length - 1)}</span>}
      </span>
    );
  };
}

/** Managed: LXD's status (Created, Pending, Errored); host interfaces: up or down. */
export function statusText(network: LxdNetwork, state: RowState): string {
  if (network.managed) return network.status ?? '';
  if (!state) return '';
  return state.state === 'up' ? 'Up' : state.state === 'down' ? 'Down' : state.state;
}

/** Cluster members a managed network is defined on. */
export function locationText(network: LxdNetwork): string {
  return (network.locations ?? []).filter((location) => location !== 'none').join(', ');
}

export function networkColumns(project: string, clustered: boolean): NetworkColumn[] {
  const columns: NetworkColumn[] = [
    {
      id: 'name',
      header: 'Name',
      width: 11,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (network) => network.name,
      cell: (network) => (
        <ResourceName type="network">
          <Link to={paths.network(project, network.name)} title={network.name}>
            {network.name}
          </Link>
        </ResourceName>
      ),
    },
    textColumn('type', 'Type', (network) => typeLabel(network.type), { width: 7 }),
    textColumn('managed', 'Managed', (network) => (network.managed ? 'Yes' : 'No'), {
      width: 6.5,
      priority: 2,
    }),
    {
      id: 'ipv4',
      header: 'IPv4',
      width: 10,
      sortValue: (network) => (network.managed ? configuredAddress(network, 'inet') : ''),
      cell: addressCell('inet'),
    },
    {
      id: 'ipv6',
      header: 'IPv6',
      width: 11,
      priority: 2,
      sortValue: (network) => (network.managed ? configuredAddress(network, 'inet6') : ''),
      cell: addressCell('inet6'),
    },
    textColumn('description', 'Description', (network) => network.description, { priority: 3 }),
    {
      id: 'used-by',
      header: 'Used by',
      width: 6,
      align: 'right',
      priority: 2,
      sortValue: usedByCount,
      cell: (network) => String(usedByCount(network)),
    },
    {
      id: 'status',
      header: 'Status',
      width: 6.5,
      sortValue: (network) => statusText(network, undefined),
      cell: (network, state) => {
        const text = statusText(network, state);
        return text ? <span title={text}>{text}</span> : <span className="u-text--muted">-</span>;
      },
    },
  ];
  if (clustered) {
    columns.push(textColumn('location', 'Location', locationText, { width: 9, priority: 2 }));
  }
  return columns;
}

/** Filters by type (the types the rows have, ?type=) and managed or not (?managed=). */
export function networkFilters(rows: readonly LxdNetwork[]): ListFilter<LxdNetwork>[] {
  const types = [...new Set(rows.map((network) => network.type))].sort();
  return [
    {
      param: 'type',
      label: 'Type',
      options: types.map((type) => ({ value: type, label: typeLabel(type) })),
      match: (network, value) => network.type === value,
    },
    {
      param: 'managed',
      label: 'Managed',
      options: [
        { value: 'yes', label: 'Managed' },
        { value: 'no', label: 'Host interfaces' },
      ],
      match: (network, value) => network.managed === (value === 'yes'),
    },
  ];
}
