/**
 * Networks, their state and leases, network ACLs, forwards, load balancers and allocations,
 * shaped like the LXD 6 reference (doc/rest-api.yaml). Fields newer than LXD 5.0 are optional.
 */

/** Network types the console knows (spec §9); the server may list others. */
export const NETWORK_TYPES = ['bridge', 'macvlan', 'ovn', 'physical', 'sriov'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

export interface LxdNetwork {
  name: string;
  /** bridge, macvlan, ovn, physical, sriov; unmanaged interfaces: loopback, physical, bond, … */
  type: string;
  description: string;
  config: Record<string, string>;
  managed: boolean;
  /** Created, Pending, Errored, Unknown (managed networks). */
  status?: string;
  /** Cluster members the network is defined on. */
  locations?: string[] | null;
  used_by?: string[] | null;
  project?: string;
  access_entitlements?: string[];
  etag?: string;
}

export interface LxdNetworkPut {
  description: string;
  config: Record<string, string>;
}

export interface LxdNetworksPost extends LxdNetworkPut {
  name: string;
  type: string;
}

export interface LxdNetworkStateAddress {
  family: 'inet' | 'inet6' | (string & {});
  address: string;
  netmask: string;
  scope: string;
}

export interface LxdNetworkState {
  addresses: LxdNetworkStateAddress[] | null;
  counters: {
    bytes_received: number;
    bytes_sent: number;
    packets_received: number;
    packets_sent: number;
  } | null;
  hwaddr: string;
  mtu: number;
  /** up or down. */
  state: string;
  type: string;
  bond?: Record<string, unknown> | null;
  bridge?: {
    id: string;
    stp: boolean;
    forward_delay: number;
    vlan_default: number;
    vlan_filtering: boolean;
    upper_devices: string[] | null;
  } | null;
  vlan?: { lower_device: string; vid: number } | null;
  ovn?: { chassis: string; logical_router?: string; logical_switch?: string } | null;
}

export interface LxdNetworkLease {
  hostname: string;
  address: string;
  hwaddr: string;
  /** static or dynamic. */
  type: string;
  location?: string;
  project?: string;
}

/** allow, reject, drop (and allow-stateless on newer servers). */
export type NetworkAclAction = 'allow' | 'reject' | 'drop' | (string & {});
/** enabled, disabled, logged. */
export type NetworkAclRuleState = 'enabled' | 'disabled' | 'logged' | (string & {});

export interface LxdNetworkAclRule {
  action: NetworkAclAction;
  state: NetworkAclRuleState;
  description?: string;
  source?: string;
  destination?: string;
  /** icmp4, icmp6, tcp, udp or empty for any. */
  protocol?: string;
  source_port?: string;
  destination_port?: string;
  icmp_type?: string;
  icmp_code?: string;
}

export interface LxdNetworkAcl {
  name: string;
  description: string;
  ingress: LxdNetworkAclRule[] | null;
  egress: LxdNetworkAclRule[] | null;
  config: Record<string, string>;
  used_by?: string[] | null;
  project?: string;
  access_entitlements?: string[];
  etag?: string;
}

export interface LxdNetworkAclPut {
  description: string;
  ingress: LxdNetworkAclRule[];
  egress: LxdNetworkAclRule[];
  config: Record<string, string>;
}

export interface LxdNetworkAclsPost extends LxdNetworkAclPut {
  name: string;
}

export interface LxdNetworkForwardPort {
  description?: string;
  /** tcp or udp. */
  protocol: string;
  /** Ports or ranges, comma separated ("80,8000-8010"). */
  listen_port: string;
  target_address: string;
  target_port?: string;
}

export interface LxdNetworkForward {
  listen_address: string;
  description: string;
  /** `target_address` is the default target. */
  config: Record<string, string>;
  ports: LxdNetworkForwardPort[] | null;
  location?: string;
  etag?: string;
}

export interface LxdNetworkForwardPut {
  description: string;
  config: Record<string, string>;
  ports: LxdNetworkForwardPort[];
}

export interface LxdNetworkForwardsPost extends LxdNetworkForwardPut {
  listen_address: string;
}

export interface LxdNetworkLoadBalancerBackend {
  name: string;
  description?: string;
  target_address: string;
  target_port?: string;
}

export interface LxdNetworkLoadBalancerPort {
  description?: string;
  protocol: string;
  listen_port: string;
  /** Backend names. */
  target_backend: string[];
  /** A load balancer pool instead of backends (LXD 6.9+, `network_load_balancer_pool`). */
  target_pool?: string;
}

export interface LxdNetworkLoadBalancer {
  listen_address: string;
  description: string;
  config: Record<string, string>;
  backends: LxdNetworkLoadBalancerBackend[] | null;
  ports: LxdNetworkLoadBalancerPort[] | null;
  location?: string;
  etag?: string;
}

export interface LxdNetworkLoadBalancerPut {
  description: string;
  config: Record<string, string>;
  backends: LxdNetworkLoadBalancerBackend[];
  ports: LxdNetworkLoadBalancerPort[];
}

export interface LxdNetworkLoadBalancersPost extends LxdNetworkLoadBalancerPut {
  listen_address: string;
}

/** GET /1.0/network-allocations (`network_allocations`, not on LXD 5.0.2). */
export interface LxdNetworkAllocation {
  /** CIDR of the allocated address. */
  addresses: string;
  /** instance, network, network-forward, network-load-balancer. */
  type: string;
  /** API URL of the user. */
  used_by: string;
  nat: boolean;
  hwaddr: string;
  /** The network the address belongs to; Incus 6.0 does not send it. */
  network?: string;
}
