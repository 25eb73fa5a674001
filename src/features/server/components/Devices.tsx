import { useMemo } from 'react';
import { formatBytes } from '../../../shared/format/bytes';
import { SortedTable, type ListColumn, type SortState } from '../../../shared/ui/list';
import type {
  LxdDisk,
  LxdGpuCard,
  LxdNetworkCard,
  LxdPciDevice,
  LxdResources,
  LxdUsbDevice,
} from '../../../lxd/types/resources';
import { deviceName } from '../format';

/** A device with the key of its row (its address, or its place in the server's list). */
interface Row<T> {
  key: string;
  device: T;
}

type Column<T> = ListColumn<Row<T>>;

const rowKey = <T,>(row: Row<T>) => row.key;

const dash = (value: string | number | undefined) =>
  value === undefined || value === '' ? '-' : value;

/** A column of plain text, sorted by that text (the first one names the row). */
function textColumn<T>(
  id: string,
  header: string,
  text: (device: T) => string | number | undefined,
  extra: Partial<Column<T>> = {},
): Column<T> {
  return {
    id,
    header,
    sortValue: (row) => text(row.device) ?? '',
    cell: (row) => dash(text(row.device)),
    ...extra,
  };
}

const nameColumn = <T,>(id: string, header: string, text: (device: T) => string | undefined) =>
  textColumn(id, header, text, { rowHeader: true });

const GPU_COLUMNS: readonly Column<LxdGpuCard>[] = [
  nameColumn('name', 'GPU', deviceName),
  textColumn('driver', 'Driver', (gpu) => gpu.driver, { width: 10 }),
  textColumn('address', 'Address', (gpu) => gpu.pci_address ?? gpu.usb_address, {
    width: 10,
    priority: 2,
  }),
];

const portsText = (nic: LxdNetworkCard) =>
  (nic.ports ?? [])
    .map(
      (port) =>
        `${port.id}${port.address ? ` (${port.address})` : ''}${port.link_detected ? ', link up' : ''}`,
    )
    .join('; ');

const NIC_COLUMNS: readonly Column<LxdNetworkCard>[] = [
  nameColumn('name', 'Card', deviceName),
  textColumn('driver', 'Driver', (nic) => nic.driver, { width: 8 }),
  textColumn('ports', 'Ports', portsText),
  textColumn('address', 'Address', (nic) => nic.pci_address ?? nic.usb_address, {
    width: 10,
    priority: 2,
  }),
];

const flagsText = (disk: LxdDisk) =>
  [disk.removable ? 'removable' : '', disk.read_only ? 'read-only' : ''].filter(Boolean).join(', ');

const DISK_COLUMNS: readonly Column<LxdDisk>[] = [
  nameColumn('name', 'Disk', (disk) => disk.id),
  textColumn('model', 'Model', (disk) => disk.model),
  textColumn('type', 'Type', (disk) => disk.type, { width: 7, priority: 2 }),
  {
    id: 'size',
    header: 'Size',
    width: 7,
    align: 'right',
    sortValue: (row) => row.device.size,
    cell: (row) => formatBytes(row.device.size),
  },
  textColumn('flags', 'Flags', flagsText, { width: 9, priority: 2 }),
];

const PCI_COLUMNS: readonly Column<LxdPciDevice>[] = [
  nameColumn('address', 'Address', (device) => device.pci_address),
  textColumn('name', 'Device', deviceName),
  textColumn('driver', 'Driver', (device) => device.driver, { width: 9 }),
  textColumn('iommu', 'IOMMU group', (device) => device.iommu_group, {
    width: 8,
    priority: 2,
  }),
];

const USB_COLUMNS: readonly Column<LxdUsbDevice>[] = [
  nameColumn(
    'address',
    'Bus:device',
    (device) => `${dash(device.bus_address)}:${dash(device.device_address)}`,
  ),
  textColumn('name', 'Device', deviceName),
  textColumn('driver', 'Driver', (device) => device.driver, { width: 9 }),
  {
    id: 'speed',
    header: 'Speed',
    width: 8,
    priority: 2,
    sortValue: (row) => row.device.speed ?? 0,
    cell: (row) => (row.device.speed ? `${String(row.device.speed)} Mbit/s` : '-'),
  },
];

function DeviceTable<T>({
  id,
  title,
  empty,
  columns,
  rows,
  defaultSort,
}: {
  id: string;
  title: string;
  empty: string;
  columns: readonly Column<T>[];
  rows: Row<T>[];
  defaultSort: SortState;
}) {
  return (
    <section className="server-card server-card--wide" aria-labelledby={`${id}-heading`}>
      <h2 className="p-heading--5" id={`${id}-heading`}>
        {title} <span className="u-text--muted">({rows.length})</span>
      </h2>
      <SortedTable
        label={title}
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        initialSort={defaultSort}
        empty={empty}
      />
    </section>
  );
}

const byName: SortState = { column: 'name', direction: 'ascending' };
const byAddress: SortState = { column: 'address', direction: 'ascending' };

/** GPUs, network cards, disks, PCI and USB devices of /1.0/resources. */
export function DeviceSections({ resources }: { resources: LxdResources }) {
  const rows = useMemo(
    () => ({
      gpus: (resources.gpu?.cards ?? []).map((gpu, index) => ({
        key: gpu.pci_address ?? gpu.usb_address ?? String(index),
        device: gpu,
      })),
      nics: (resources.network?.cards ?? []).map((nic, index) => ({
        key: nic.pci_address ?? nic.usb_address ?? String(index),
        device: nic,
      })),
      disks: (resources.storage?.disks ?? []).map((disk) => ({ key: disk.id, device: disk })),
      pci: (resources.pci?.devices ?? []).map((device, index) => ({
        key: device.pci_address ?? String(index),
        device,
      })),
      usb: (resources.usb?.devices ?? []).map((device, index) => ({
        key: `${String(device.bus_address ?? '')}:${String(device.device_address ?? '')}:${String(index)}`,
        device,
      })),
    }),
    [resources],
  );
  return (
    <>
      <DeviceTable
        id="server-gpus"
        title="GPUs"
        empty="No GPUs found."
        columns={GPU_COLUMNS}
        rows={rows.gpus}
        defaultSort={byName}
      />
      <DeviceTable
        id="server-nics"
        title="Network cards"
        empty="No network cards found."
        columns={NIC_COLUMNS}
        rows={rows.nics}
        defaultSort={byName}
      />
      <DeviceTable
        id="server-disks"
        title="Storage disks"
        empty="No disks found."
        columns={DISK_COLUMNS}
        rows={rows.disks}
        defaultSort={byName}
      />
      <DeviceTable
        id="server-pci"
        title="PCI devices"
        empty="No PCI devices found."
        columns={PCI_COLUMNS}
        rows={rows.pci}
        defaultSort={byAddress}
      />
      <DeviceTable
        id="server-usb"
        title="USB devices"
        empty="No USB devices found."
        columns={USB_COLUMNS}
        rows={rows.usb}
        defaultSort={byAddress}
      />
    </>
  );
}
