/** GET /1.0/resources (extension `resources` and its successors). Every part may be absent. */

export interface LxdCpuThread {
  id: number;
  numa_node?: number;
  thread: number;
  online: boolean;
  isolated?: boolean;
}

export interface LxdCpuCore {
  core: number;
  die?: number;
  threads?: LxdCpuThread[];
  frequency?: number;
}

export interface LxdCpuSocket {
  name?: string;
  vendor?: string;
  socket: number;
  cores?: LxdCpuCore[];
  /** MHz */
  frequency?: number;
  frequency_minimum?: number;
  frequency_turbo?: number;
}

export interface LxdMemory {
  used: number;
  total: number;
  hugepages_total?: number;
  hugepages_used?: number;
  hugepages_size?: number;
}

export interface LxdPciInfo {
  numa_node?: number;
  pci_address?: string;
  vendor?: string;
  vendor_id?: string;
  product?: string;
  product_id?: string;
  driver?: string;
  driver_version?: string;
}

export interface LxdGpuCard extends LxdPciInfo {
  drm?: { id?: number; card_name?: string; render_name?: string } | null;
  usb_address?: string;
}

export interface LxdNetworkPort {
  id: string;
  address?: string;
  port?: number;
  protocol?: string;
  port_type?: string;
  link_detected?: boolean;
  link_speed?: number;
  link_duplex?: string;
}

export interface LxdNetworkCard extends LxdPciInfo {
  ports?: LxdNetworkPort[] | null;
  usb_address?: string;
}

export interface LxdDisk {
  id: string;
  device?: string;
  model?: string;
  type?: string;
  read_only?: boolean;
  size: number;
  removable?: boolean;
  rpm?: number;
  serial?: string;
  pci_address?: string;
  usb_address?: string;
  partitions?: { id: string; size: number; partition: number }[] | null;
}

export interface LxdUsbDevice {
  bus_address?: number;
  device_address?: number;
  vendor?: string;
  vendor_id?: string;
  product?: string;
  product_id?: string;
  driver?: string;
  speed?: number;
}

export interface LxdPciDevice extends LxdPciInfo {
  iommu_group?: number;
}

export interface LxdResources {
  cpu?: { architecture?: string; sockets?: LxdCpuSocket[] | null; total: number };
  memory?: LxdMemory;
  gpu?: { cards?: LxdGpuCard[] | null; total: number };
  network?: { cards?: LxdNetworkCard[] | null; total: number };
  storage?: { disks?: LxdDisk[] | null; total: number };
  usb?: { devices?: LxdUsbDevice[] | null; total: number };
  pci?: { devices?: LxdPciDevice[] | null; total: number };
  system?: {
    uuid?: string;
    vendor?: string;
    product?: string;
    family?: string;
    version?: string;
    type?: string;
  };
}
