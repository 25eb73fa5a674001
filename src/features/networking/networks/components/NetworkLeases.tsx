import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../../../../shared/auth/context';
import type { LxdNetwork, LxdNetworkLease } from '../../../../lxd/types/network';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import {
  SortedTable,
  textColumn,
  type ListColumn,
  type SortState,
} from '../../../../shared/ui/list';
import { networkLeasesQuery } from '../queries';

/** Refresh the leases this often while the tab is open (a new instance gets one in a second). */
export const LEASES_REFRESH_MS = 5_000;

const dash = (text: string | undefined) => text || '-';

const ALL_COLUMNS: readonly ListColumn<LxdNetworkLease>[] = [
  textColumn('hostname', 'Hostname', (lease) => dash(lease.hostname), {
    width: 14,
    rowHeader: true,
  }),
  textColumn('address', 'Address', (lease) => lease.address, { width: 16 }),
  textColumn('hwaddr', 'MAC address', (lease) => dash(lease.hwaddr), { width: 11, priority: 2 }),
  textColumn('type', 'Type', (lease) => lease.type, { width: 7 }),
  textColumn('location', 'Location', (lease) => dash(lease.location), { priority: 2 }),
];

/** The lease columns; Location only in a cluster (a standalone server says "none"). */
export const leaseColumns = (clustered: boolean) =>
  clustered ? ALL_COLUMNS : ALL_COLUMNS.filter((column) => column.id !== 'location');

const BY_HOSTNAME: SortState = { column: 'hostname', direction: 'ascending' };
const leaseKey = (lease: LxdNetworkLease) => `${lease.address}|${lease.hwaddr}|${lease.type}`;

/** The DHCP leases of a managed bridge (and the static and gateway entries LXD lists). */
export function NetworkLeases({ project, network }: { project: string; network: LxdNetwork }) {
  const { isClustered } = useAuth();
  const columns = useMemo(() => leaseColumns(isClustered), [isClustered]);
  const leases = useQuery({
    ...networkLeasesQuery(project, network.name),
    refetchInterval: LEASES_REFRESH_MS,
  });
  if (leases.isPending) return <Loader text="Loading leases…" />;
  if (leases.error) {
    return (
      <ErrorNotice
        title="Could not load the leases"
        error={leases.error}
        onRetry={() => void leases.refetch()}
      />
    );
  }
  return (
    <section aria-labelledby="network-leases" className="network-leases">
      <h2 className="p-heading--5" id="network-leases">
        DHCP leases
      </h2>
      <SortedTable
        label="DHCP leases"
        rows={leases.data}
        columns={columns}
        rowKey={leaseKey}
        initialSort={BY_HOSTNAME}
        empty="No leases yet: instances on this network get one when they ask for an address."
      />
    </section>
  );
}
