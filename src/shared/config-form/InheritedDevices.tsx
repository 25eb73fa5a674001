import { useCallback } from 'react';
import type { LxdDevice } from '../../lxd/types/instance';
import { SortedTable, type ListColumn, type SortState } from '../ui/list';
import { isRootDisk } from './devices';
import type { Inherited } from './inherit';

/** A device a profile gives that the instance or profile does not set itself. */
export interface InheritedDevice {
  name: string;
  item: Inherited<LxdDevice>;
}

/** What a device is about, in a few words. */
export function describeDevice(device: LxdDevice): string {
  if (device.type === 'disk') {
    const from = device.pool ? `pool ${device.pool}` : (device.source ?? '');
    return `${device.path ?? ''} ${from ? `from ${from}` : ''}`.trim();
  }
  if (device.type === 'nic') return device.network ?? device.parent ?? device.nictype ?? '';
  if (device.type === 'proxy') return `${device.listen ?? ''} → ${device.connect ?? ''}`;
  return '';
}

const COLUMNS: readonly ListColumn<InheritedDevice>[] = [
  {
    id: 'name',
    header: 'Inherited device',
    width: 11,
    rowHeader: true,
    sortValue: (row) => row.name,
    cell: (row) => (isRootDisk(row.item.value) ? `${row.name} (root disk)` : row.name),
  },
  {
    id: 'type',
    header: 'Type',
    width: 5.5,
    sortValue: (row) => row.item.value.type ?? '',
    cell: (row) => row.item.value.type,
  },
  { id: 'details', header: 'Details', cell: (row) => describeDevice(row.item.value) },
  {
    id: 'from',
    header: 'From',
    width: 8,
    priority: 2,
    sortValue: (row) => row.item.profile,
    cell: (row) => `profile ${row.item.profile}`,
  },
];

const DEFAULT_SORT: SortState = { column: 'name', direction: 'ascending' };
const rowKey = (row: InheritedDevice) => row.name;

/** The devices profiles give, each with a button that copies it here to change it. */
export function InheritedDevicesTable({
  devices,
  onOverride,
}: {
  devices: readonly InheritedDevice[];
  onOverride: (device: InheritedDevice) => void;
}) {
  const rowActions = useCallback(
    (row: InheritedDevice) => (
      <button
        type="button"
        className="p-button--base is-dense"
        onClick={() => {
          onOverride(row);
        }}
      >
        Override {row.name}
      </button>
    ),
    [onOverride],
  );
  return (
    <SortedTable
      label="Devices from profiles"
      rows={devices}
      columns={COLUMNS}
      rowKey={rowKey}
      initialSort={DEFAULT_SORT}
      empty="No devices from profiles."
      rowActions={rowActions}
      actionsWidth={10}
      className="config-table"
    />
  );
}
