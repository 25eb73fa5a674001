import { useMemo } from 'react';
import type { LxdDevice, LxdInstance } from '../../../../lxd/types/instance';
import { DeviceProperties } from '../../../../shared/config-form/DeviceProperties';
import {
  SortedTable,
  type ListColumn,
  type SortState,
  textColumn,
} from '../../../../shared/ui/list';

export interface DeviceRow {
  name: string;
  device: LxdDevice;
  /** Whether the instance has the device itself or gets it from a profile. */
  from: 'instance' | 'profile';
}

/** Every device the instance has, its own and those from profiles. */
export function deviceRows(instance: LxdInstance): DeviceRow[] {
  const expanded = instance.expanded_devices ?? instance.devices;
  return Object.entries(expanded).map(([name, device]) => ({
    name,
    device,
    from: name in instance.devices ? 'instance' : 'profile',
  }));
}

const COLUMNS: readonly ListColumn<DeviceRow>[] = [
  textColumn('name', 'Name', (row) => row.name, { width: 10, rowHeader: true }),
  {
    id: 'type',
    header: 'Type',
    width: 7,
    sortValue: (row) => row.device.type ?? '',
    cell: (row) => row.device.type,
  },
  {
    id: 'properties',
    header: 'Properties',
    cell: (row) => <DeviceProperties device={row.device} />,
  },
  textColumn('from', 'From', (row) => row.from, { width: 6.5, priority: 2 }),
];

const DEFAULT_SORT: SortState = { column: 'name', direction: 'ascending' };
const rowKey = (row: DeviceRow) => row.name;

/** Every device the instance has, its own and those from profiles. */
export function DevicesTable({ instance }: { instance: LxdInstance }) {
  const rows = useMemo(() => deviceRows(instance), [instance]);
  return (
    <SortedTable
      label="Devices"
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      initialSort={DEFAULT_SORT}
      empty="No devices."
    />
  );
}
