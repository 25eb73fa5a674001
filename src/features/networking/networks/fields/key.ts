/**
 * A network config key as the form shows it: the kit's config-key descriptor (ConfigKeyField)
 * with the network types that take it, the server extension a type needs for it and whether it
 * needs an OVN-capable server, folded into `applies`. Custom kinds (address, interface, uplink,
 * acls) are drawn by the form's renderers.
 */
import type { NetworkType } from '../../../../lxd/types/network';
import { configKey, type ConfigKeyField, type ConfigKeyKind } from '../../../../shared/forms';
import type { IpFamily } from '../rules';

export const NETWORK_SECTIONS = [
  { id: 'main', label: 'Main configuration' },
  { id: 'ipv4', label: 'IPv4' },
  { id: 'ipv6', label: 'IPv6' },
  { id: 'bridge', label: 'Bridge' },
  { id: 'dns', label: 'DNS' },
  { id: 'ovn', label: 'OVN' },
  { id: 'acls', label: 'ACLs' },
  { id: 'yaml', label: 'YAML configuration' },
] as const;

export type NetworkSectionId = (typeof NETWORK_SECTIONS)[number]['id'];

/** What decides which keys a server shows besides the type. */
export interface FieldContext {
  extensions: readonly string[];
  /** OVN networks can be created here (uplink settings are shown). */
  ovn: boolean;
}

export interface NetworkKeyContext extends FieldContext {
  type: string;
}

/**
 * The network's kinds besides the kit's: `address` (ipv4.address / ipv6.address: automatic,
 * none or a custom address with prefix), `interface` (a host interface), `uplink` (a managed
 * network, OVN's `network`), `acls` (network ACL names, `security.acls`).
 */
export type NetworkKeyKind = ConfigKeyKind | 'address' | 'interface' | 'uplink' | 'acls';

export interface NetworkKeyField extends ConfigKeyField<NetworkKeyContext> {
  section: Exclude<NetworkSectionId, 'yaml'>;
  /** Shown only while this address key is not `none`. */
  needsAddress?: 'ipv4.address' | 'ipv6.address';
  family?: IpFamily;
}

export interface NetworkKeyScope {
  types: readonly NetworkType[];
  /** The server extension a type needs for this key. */
  extension?: Partial<Record<NetworkType, string>>;
  /** Only where OVN networks can be created (uplink settings). */
  ovnOnly?: boolean;
}

type Extras = Omit<ConfigKeyField, 'key' | 'id' | 'label' | 'section' | 'kind' | 'applies'> &
  Pick<NetworkKeyField, 'needsAddress' | 'family'>;

export const BRIDGE_OVN: readonly NetworkType[] = ['bridge', 'ovn'];
export const LINKS: readonly NetworkType[] = ['macvlan', 'physical', 'sriov'];

/** A network key descriptor. */
export function networkKey(
  key: string,
  label: string,
  section: NetworkKeyField['section'],
  kind: NetworkKeyKind,
  scope: NetworkKeyScope,
  { needsAddress, family, ...extras }: Extras = {},
): NetworkKeyField {
  return {
    ...configKey<NetworkKeyContext>(key, label, section, kind, extras),
    section,
    ...(needsAddress ? { needsAddress } : {}),
    ...(family ? { family } : {}),
    applies: ({ type, extensions, ovn }) => {
      if (!(scope.types as readonly string[]).includes(type)) return false;
      if (scope.ovnOnly && !ovn) return false;
      const extension = scope.extension?.[type as NetworkType];
      return extension === undefined || extensions.includes(extension);
    },
  };
}
