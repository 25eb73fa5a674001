import type { LxdStoragePoolResources } from './storage';

/** GET /1.0/cluster */
export interface LxdCluster {
  server_name: string;
  enabled: boolean;
  member_config?: {
    entity: string;
    name: string;
    key: string;
    value: string;
    description: string;
  }[];
}

/** PUT /1.0/cluster: enable clustering on a standalone server (or join one). */
export interface LxdClusterPut {
  server_name: string;
  enabled: boolean;
  cluster_address?: string;
  cluster_certificate?: string;
  server_address?: string;
  cluster_password?: string;
  cluster_token?: string;
  member_config?: LxdCluster['member_config'];
}

/** GET /1.0/cluster/members/{name} */
export interface LxdClusterMember {
  server_name: string;
  url: string;
  database?: boolean;
  status: string;
  message: string;
  architecture?: string;
  failure_domain?: string;
  description?: string;
  config?: Record<string, string>;
  groups?: string[];
  roles?: string[];
}

/** The `sysinfo` of a member's state (API extension `cluster_member_state`). */
export interface LxdClusterMemberSysInfo {
  /** Seconds since the member's host booted. */
  uptime: number;
  /** Over 1, 5 and 15 minutes. */
  load_averages: number[];
  /** Bytes. */
  total_ram: number;
  free_ram: number;
  shared_ram: number;
  buffered_ram: number;
  total_swap: number;
  free_swap: number;
  processes: number;
  logical_cpus: number;
}

/**
 * GET /1.0/cluster/members/{name}/state (API extension `cluster_member_state`, LXD 5.11 and
 * later): the host's figures and the space of each storage pool on that member.
 */
export interface LxdClusterMemberState {
  sysinfo: LxdClusterMemberSysInfo;
  storage_pools: Record<string, LxdStoragePoolResources> | null;
}

/** GET /1.0/cluster/groups/{name} */
export interface LxdClusterGroup {
  name: string;
  description: string;
  members: string[];
  used_by?: string[];
}

/** PUT /1.0/cluster/members/{name}: the editable part of a member. */
export interface LxdClusterMemberPut {
  config: Record<string, string>;
  description: string;
  failure_domain: string;
  groups: string[];
  roles: string[];
}

/** POST /1.0/cluster/members/{name}/state */
export interface LxdClusterMemberStatePost {
  action: 'evacuate' | 'restore';
  mode?: string;
}

/** POST /1.0/cluster/groups */
export interface LxdClusterGroupsPost {
  name: string;
  description: string;
  members: string[];
}

/** PUT /1.0/cluster/groups/{name} */
export interface LxdClusterGroupPut {
  description: string;
  members: string[];
}
