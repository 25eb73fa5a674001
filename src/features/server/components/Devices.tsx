import type { ReactNode } from 'react';
import { formatBytes } from '../../../shared/format/bytes';
import type { LxdResources } from '../../../lxd/types/resources';
import { deviceName } from '../format';

function DeviceTable({
  id,
  title,
  empty,
  headers,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <section className="server-card server-card--wide" aria-labelledby={`${id}-heading`}>
      <h2 className="p-heading--5" id={`${id}-heading`}>
        {title} <span className="u-text--muted">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="u-text--muted">{empty}</p>
      ) : (
        <table className="server-table" aria-labelledby={`${id}-heading`}>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell || '-'}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const dash = (value: string | number | undefined) =>
  value === undefined || value === '' ? '-' : value;

/** GPUs, network cards, disks, PCI and USB devices of /1.0/resources. */
export function DeviceSections({ resources }: { resources: LxdResources }) {
  const gpus = resources.gpu?.cards ?? [];
  const nics = resources.network?.cards ?? [];
  const disks = resources.storage?.disks ?? [];
  const pci = resources.pci?.devices ?? [];
  const usb = resources.usb?.devices ?? [];
  return (
    <>
      <DeviceTable
        id="server-gpus"
        title="GPUs"
        empty="No GPUs found."
        headers={['GPU', 'Driver', 'Address']}
        rows={gpus.map((gpu, index) => ({
          key: gpu.pci_address ?? gpu.usb_address ?? String(index),
          cells: [deviceName(gpu), dash(gpu.driver), dash(gpu.pci_address ?? gpu.usb_address)],
        }))}
      />
      <DeviceTable
        id="server-nics"
        title="Network cards"
        empty="No network cards found."
        headers={['Card', 'Driver', 'Ports', 'Address']}
        rows={nics.map((nic, index) => ({
          key: nic.pci_address ?? nic.usb_address ?? String(index),
          cells: [
            deviceName(nic),
            dash(nic.driver),
            (nic.ports ?? [])
              .map(
                (port) =>
                  `${port.id}${port.address ? ` (${port.address})` : ''}${port.link_detected ? ', link up' : ''}`,
              )
              .join('; ') || '-',
            dash(nic.pci_address ?? nic.usb_address),
          ],
        }))}
      />
      <DeviceTable
        id="server-disks"
        title="Storage disks"
        empty="No disks found."
        headers={['Disk', 'Model', 'Type', 'Size', 'Flags']}
        rows={disks.map((disk) => ({
          key: disk.id,
          cells: [
            disk.id,
            dash(disk.model),
            dash(disk.type),
            formatBytes(disk.size),
            [disk.removable ? 'removable' : '', disk.read_only ? 'read-only' : '']
              .filter(Boolean)
              .join(', ') || '-',
          ],
        }))}
      />
      <DeviceTable
        id="server-pci"
        title="PCI devices"
        empty="No PCI devices found."
        headers={['Address', 'Device', 'Driver', 'IOMMU group']}
        rows={pci.map((device, index) => ({
          key: device.pci_address ?? String(index),
          cells: [
            dash(device.pci_address),
            deviceName(device),
            dash(device.driver),
            dash(device.iommu_group),
          ],
        }))}
      />
      <DeviceTable
        id="server-usb"
        title="USB devices"
        empty="No USB devices found."
        headers={['Bus:device', 'Device', 'Driver', 'Speed']}
        rows={usb.map((device, index) => ({
          key: `${device.bus_address ?? ''}:${device.device_address ?? ''}:${index}`,
          cells: [
            `${dash(device.bus_address)}:${dash(device.device_address)}`,
            deviceName(device),
            dash(device.driver),
            device.speed ? `${device.speed} Mbit/s` : '-',
          ],
        }))}
      />
    </>
  );
}
