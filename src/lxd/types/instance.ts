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
}
