import { describe, expect, it } from 'vitest';
import type { LxdNetwork } from '../../../lxd/types/network';
import { fieldsFor, networkKeysFor, sectionsFor, type FieldContext } from './fields';
import {
  changeType,
  isUnchanged,
  memberWrites,
  networkToValues,
  networkYamlObject,
  newNetworkValues,
  validateNetworkValues,
  valuesFromYaml,
  valuesToBody,
} from './form';
import { NETWORK_MESSAGES, VALUE_MESSAGES } from './rules';

const LXD_5_0: FieldContext = {
  extensions: ['network_bridge_acl', 'network_ovn_acl', 'network_gvrp'],
  ovn: false,
};
const WITH_OVN: FieldContext = { ...LXD_5_0, ovn: true };

const bridge = (over: Partial<LxdNetwork> = {}): LxdNetwork => ({
  name: 'br0',
  type: 'bridge',
  description: 'lab',
  config: { 'ipv4.address': '10.19.7.1/24', 'ipv6.address': 'none', 'volatile.x': 'kept' },
  managed: true,
  ...over,
});

describe('key mapping per type', () => {
  it('gives a bridge its addresses, bridge, DNS and ACL keys, and no parent', () => {
    const keys = networkKeysFor('bridge', LXD_5_0);
    for (const key of [
      'ipv4.address',
      'ipv4.nat',
      'ipv4.dhcp',
      'ipv4.dhcp.ranges',
      'ipv6.address',
      'ipv6.dhcp.stateful',
      'bridge.driver',
      'bridge.mtu',
      'bridge.external_interfaces',
      'dns.domain',
      'dns.mode',
      'dns.search',
      'security.acls',
      'security.acls.default.ingress.action',
      'security.acls.default.egress.action',
    ]) {
      expect(keys).toContain(key);
    }
    expect(keys).not.toContain('parent');
    expect(keys).not.toContain('network');
    expect(keys).not.toContain('ipv4.ovn.ranges');
    expect(networkKeysFor('bridge', WITH_OVN)).toContain('ipv4.ovn.ranges');
  });

  it('gives OVN its uplink, addresses, DNS and ACLs, but no bridge driver or DHCP ranges', () => {
    const keys = networkKeysFor('ovn', LXD_5_0);
    expect(keys).toEqual(
      expect.arrayContaining([
        'network',
        'ipv4.address',
        'ipv6.address',
        'bridge.mtu',
        'dns.domain',
      ]),
    );
    expect(keys).toContain('security.acls');
    expect(keys).not.toContain('bridge.driver');
    expect(keys).not.toContain('ipv4.dhcp.ranges');
    expect(keys).not.toContain('dns.mode');
  });

  it('gives macvlan, SR-IOV and physical a parent, MTU and VLAN', () => {
    expect(networkKeysFor('macvlan', LXD_5_0)).toEqual(['parent', 'mtu', 'vlan', 'gvrp']);
    expect(networkKeysFor('sriov', LXD_5_0)).toEqual(['parent', 'mtu', 'vlan']);
    const physical = networkKeysFor('physical', WITH_OVN);
    expect(physical).toEqual(
      expect.arrayContaining([
        'parent',
        'mtu',
        'vlan',
        'gvrp',
        'ipv4.gateway',
        'ipv6.gateway',
        'ipv4.routes',
        'dns.nameservers',
        'ovn.ingress_mode',
      ]),
    );
    expect(physical).not.toContain('ipv4.address');
  });

  it('leaves out keys whose extension the server lacks', () => {
    expect(networkKeysFor('macvlan', { extensions: [], ovn: false })).not.toContain('gvrp');
    expect(networkKeysFor('bridge', { extensions: [], ovn: false })).not.toContain('security.acls');
  });

  it('shows only the sections a type has', () => {
    expect(sectionsFor('bridge', LXD_5_0).map((s) => s.id)).toEqual([
      'main',
      'ipv4',
      'ipv6',
      'bridge',
      'dns',
      'acls',
      'yaml',
    ]);
    expect(sectionsFor('macvlan', LXD_5_0).map((s) => s.id)).toEqual(['main', 'yaml']);
    expect(sectionsFor('physical', WITH_OVN).map((s) => s.id)).toEqual([
      'main',
      'ipv4',
      'ipv6',
      'dns',
      'ovn',
      'yaml',
    ]);
  });

  it('drops keys the new type does not take when the type changes', () => {
    const values = {
      ...newNetworkValues('bridge', []),
      config: { 'ipv4.address': '10.0.0.1/24', 'user.owner': 'me', mtu: '' },
    };
    const next = changeType(values, 'macvlan', networkKeysFor('macvlan', LXD_5_0));
    expect(next.type).toBe('macvlan');
    expect(next.config).toEqual({ 'user.owner': 'me', mtu: '' });
  });
});

describe('bodies', () => {
  it('builds the POST body without unset keys', () => {
    const values = {
      ...newNetworkValues('bridge', []),
      name: ' br9 ',
      config: { 'ipv4.address': '10.19.7.1/24', 'ipv4.dhcp': 'true', 'dns.domain': '', mtu: '' },
    };
    expect(valuesToBody(values)).toEqual({
      name: 'br9',
      type: 'bridge',
      description: '',
      config: { 'ipv4.address': '10.19.7.1/24', 'ipv4.dhcp': 'true' },
    });
  });

  it('keeps keys the form does not show', () => {
    const values = networkToValues(bridge());
    expect(valuesToBody(values).config['volatile.x']).toBe('kept');
  });
});

describe('network equality (spec §5)', () => {
  it('counts an auto address where the network has none as unchanged: nothing to send', () => {
    const base = networkToValues(bridge({ config: { 'dns.domain': 'lab' } }));
    const edited = {
      ...base,
      config: { ...base.config, 'ipv4.address': 'auto', 'ipv6.address': 'auto' },
    };
    expect(isUnchanged(base, edited)).toBe(true);
  });

  it('sees real changes', () => {
    const base = networkToValues(bridge());
    expect(isUnchanged(base, base)).toBe(true);
    expect(isUnchanged(base, { ...base, description: 'other' })).toBe(false);
    expect(isUnchanged(base, { ...base, config: { ...base.config, 'ipv4.address': 'auto' } })).toBe(
      false,
    );
    expect(isUnchanged(base, { ...base, config: { ...base.config, 'dns.domain': 'x' } })).toBe(
      false,
    );
  });

  it('treats an emptied field like an absent key', () => {
    const base = networkToValues(bridge());
    expect(isUnchanged(base, { ...base, config: { ...base.config, mtu: '' } })).toBe(true);
  });
});

describe('cluster member writes', () => {
  const views = {
    node1: bridge({ config: { 'bridge.external_interfaces': 'eth1' } }),
    node2: bridge({ config: {} }),
  };

  it('reads each member’s member-specific keys', () => {
    const values = networkToValues(bridge(), views);
    expect(values.members).toEqual({ node1: { 'bridge.external_interfaces': 'eth1' }, node2: {} });
  });

  it('creates on every member with its own keys', () => {
    const values = {
      ...newNetworkValues('macvlan', ['node1', 'node2']),
      members: { node1: { parent: 'eth0' }, node2: { parent: 'eth1', mtu: 'x' } },
    };
    expect(memberWrites(values, undefined)).toEqual([
      { member: 'node1', config: { parent: 'eth0' } },
      { member: 'node2', config: { parent: 'eth1' } },
    ]);
  });

  it('updates only the members whose keys changed, clearing removed keys', () => {
    const base = networkToValues(bridge(), views);
    const values = {
      ...base,
      members: { node1: { 'bridge.external_interfaces': '' }, node2: {} },
    };
    expect(memberWrites(values, base)).toEqual([
      { member: 'node1', config: { 'bridge.external_interfaces': '' } },
    ]);
    expect(memberWrites(base, base)).toEqual([]);
    expect(isUnchanged(base, values)).toBe(false);
  });
});

describe('YAML mode', () => {
  it('shows the POST body when creating and description and config when editing', () => {
    const values = { ...newNetworkValues('bridge', []), name: 'br9', config: { mtu: '' } };
    expect(networkYamlObject(values, 'create')).toEqual({
      name: 'br9',
      type: 'bridge',
      description: '',
      config: {},
    });
    expect(networkYamlObject(networkToValues(bridge()), 'edit')).toEqual({
      description: 'lab',
      config: bridge().config,
    });
  });

  it('reads values back as text', () => {
    const previous = newNetworkValues('bridge', []);
    const values = valuesFromYaml(
      { name: 'br9', type: 'bridge', config: { 'bridge.mtu': 1500, 'ipv4.nat': false } },
      previous,
      'create',
      false,
    );
    expect(values.name).toBe('br9');
    expect(values.config).toEqual({ 'bridge.mtu': '1500', 'ipv4.nat': 'false' });
    expect(values.customAddress['ipv4.address']).toBe(false);
  });

  it('refuses a rename, a new type, a wrong shape and member keys in a cluster', () => {
    const previous = networkToValues(bridge());
    expect(() => valuesFromYaml({ name: 'other' }, previous, 'edit', false)).toThrow(
      NETWORK_MESSAGES.renameInYaml,
    );
    expect(() => valuesFromYaml({ type: 'ovn' }, previous, 'edit', false)).toThrow(
      NETWORK_MESSAGES.typeInYaml,
    );
    expect(() => valuesFromYaml(['a'], previous, 'edit', false)).toThrow(
      'The YAML must be a map (key: value lines)',
    );
    expect(() => valuesFromYaml({ config: { mtu: [1] } }, previous, 'edit', false)).toThrow(
      'config.mtu must be a text value',
    );
    expect(() => valuesFromYaml({ config: { parent: 'eth0' } }, previous, 'edit', true)).toThrow(
      'parent is set per cluster member: use the form to change it',
    );
  });
});

describe('field checks', () => {
  const bridgeFields = fieldsFor('bridge', LXD_5_0);

  it('shows the CIDR message next to a bad address', () => {
    const values = {
      ...newNetworkValues('bridge', []),
      config: { 'ipv4.address': '10.19.7.0/24' },
      customAddress: { 'ipv4.address': true, 'ipv6.address': false },
    };
    const errors = validateNetworkValues(values, bridgeFields, []);
    expect(errors).toEqual({ 'ipv4.address': VALUE_MESSAGES.cidrHost4 });
  });

  it('asks for the address when Custom is chosen and left empty', () => {
    const values = {
      ...newNetworkValues('bridge', []),
      customAddress: { 'ipv4.address': false, 'ipv6.address': true },
    };
    expect(validateNetworkValues(values, bridgeFields, [])).toEqual({
      'ipv6.address': VALUE_MESSAGES.cidr6,
    });
  });

  it('skips the fields of a family that is switched off', () => {
    const values = {
      ...newNetworkValues('bridge', []),
      config: { 'ipv4.address': 'none', 'ipv4.dhcp.ranges': 'garbage' },
    };
    expect(validateNetworkValues(values, bridgeFields, [])).toEqual({});
  });

  it('needs a parent (per member in a cluster) and an uplink', () => {
    const macvlan = fieldsFor('macvlan', LXD_5_0);
    expect(validateNetworkValues(newNetworkValues('macvlan', []), macvlan, [])).toEqual({
      parent: 'Choose the parent interface',
    });
    const clustered = {
      ...newNetworkValues('macvlan', ['node1', 'node2']),
      members: { node1: { parent: 'eth0' }, node2: {} },
    };
    expect(validateNetworkValues(clustered, macvlan, ['node1', 'node2'])).toEqual({
      'node2:parent': NETWORK_MESSAGES.parentRequired,
    });
    expect(
      validateNetworkValues(newNetworkValues('ovn', []), fieldsFor('ovn', LXD_5_0), []),
    ).toEqual({ network: 'Choose the uplink network' });
  });

  it('checks MTU and VLAN', () => {
    const values = {
      ...newNetworkValues('sriov', []),
      config: { parent: 'eth0', mtu: '99', vlan: 'x' },
    };
    expect(validateNetworkValues(values, fieldsFor('sriov', LXD_5_0), [])).toEqual({
      mtu: VALUE_MESSAGES.mtu,
      vlan: VALUE_MESSAGES.vlan,
    });
  });
});
