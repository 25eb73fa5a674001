export type InstanceStatus =
  | 'Running'
  | 'Stopped'
  | 'Frozen'
  | 'Freezing'
  | 'Starting'
  | 'Stopping'
  | 'Restarting'
  | 'Aborting'
  | 'Error'
  | 'Ready'
  | 'Unknown';

export type InstanceType = 'container' | 'virtual-machine';

export type LxdDevice = Record<string, string>;

export interface LxdInstance {
  name: string;
  project: string;
  type: InstanceType;
  status: InstanceStatus;
  status_code: number;
  description: string;
  architecture: string;
  created_at: string;
  last_used_at: string;
  ephemeral: boolean;
  stateful: boolean;
  location: string;
  profiles: string[];
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
  expanded_config?: Record<string, string>;
  expanded_devices?: Record<string, LxdDevice>;
  /** Present in fine-grained mode when asked with `with-access-entitlements`. */
  access_entitlements?: string[];
}

/** The body of PUT /1.0/instances/{name}/state. */
export type InstanceStateAction = 'start' | 'stop' | 'restart' | 'freeze' | 'unfreeze';

export interface InstanceStatePut {
  action: InstanceStateAction;
  /** Seconds to wait for a clean shutdown (-1: no limit). */
  timeout: number;
  force: boolean;
  stateful?: boolean;
}

export interface LxdInstanceAddress {
  family: 'inet' | 'inet6';
  address: string;
  netmask: string;
  scope: string;
}

export interface LxdInstanceNetworkState {
  addresses: LxdInstanceAddress[] | null;
  counters?: Record<string, number>;
  hwaddr: string;
  host_name: string;
  mtu: number;
  state: string;
  type: string;
}

/** GET /1.0/instances/{name}/state */
export interface LxdInstanceState {
  status: InstanceStatus;
  status_code: number;
  cpu?: { usage: number } | null;
  /** Per disk device; `total` only on newer servers. */
  disk: Record<string, { usage: number; total?: number }> | null;
  memory: {
    usage: number;
    usage_peak: number;
    total?: number;
    swap_usage: number;
    swap_usage_peak: number;
  } | null;
  network: Record<string, LxdInstanceNetworkState> | null;
  pid: number;
  processes: number;
}
