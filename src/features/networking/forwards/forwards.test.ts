import { describe, expect, it } from 'vitest';
import {
  IP_ADDRESS_INVALID,
  PORTS_INVALID,
  PORTS_TOO_MANY,
  PORT_RANGE_ORDER,
} from '../../../shared/validation';
import {
  forwardErrors,
  forwardToValues,
  hasForwardErrors,
  newForwardValues,
  newPortValues,
  portSummary,
  valuesToForwardPost,
  valuesToForwardPut,
  type ForwardFormValues,
} from './form';
import {
  FORWARD_MESSAGES,
  duplicatePortErrors,
  duplicatePortMessage,
  expandPorts,
  forwardMember,
  instanceAddressOptions,
  ipVersionError,
  networkAddressOptions,
  targetCountError,
} from '../listeners/rules';

const valid = (): ForwardFormValues => ({
  ...newForwardValues(),
  listenAddress: '10.190.5.1',
  ports: [
    { ...newPortValues('10.190.5.20'), listenPorts: '8080', targetPorts: '80' },
    { ...newPortValues('10.190.5.20'), protocol: 'udp', listenPorts: '5353,6000-6005' },
  ],
});

describe('forward checks (spec §5)', () => {
  it('accepts a valid forward', () => {
    expect(hasForwardErrors(forwardErrors(valid()))).toBe(false);
  });

  it('needs a listen address that is an IPv4 or IPv6 address', () => {
    expect(forwardErrors({ ...valid(), listenAddress: '' }).listenAddress).toBe(
      'Listen address is required',
    );
    expect(forwardErrors({ ...valid(), listenAddress: '10.0.0' }).listenAddress).toBe(
      IP_ADDRESS_INVALID,
    );
    expect(IP_ADDRESS_INVALID).toBe('Invalid IP address');
    const v6 = { ...newForwardValues(), listenAddress: 'fd42::1' };
    expect(forwardErrors(v6).listenAddress).toBeUndefined();
  });

  it('checks listen ports: 11 entries, 65536, ranges', () => {
    const withPorts = (listenPorts: string) =>
      forwardErrors({ ...valid(), ports: [{ ...newPortValues('10.190.5.20'), listenPorts }] })
        .ports[0]?.listenPorts;
    expect(withPorts('1,2,3,4,5,6,7,8,9,10,11')).toBe(PORTS_TOO_MANY);
    expect(withPorts('1,2,3,4,5,6,7,8,9,10-20')).toBeUndefined();
    expect(withPorts('65536')).toBe(PORTS_INVALID);
    expect(withPorts('65535')).toBeUndefined();
    expect(withPorts('0')).toBe(PORTS_INVALID);
    expect(withPorts('8000-8080')).toBeUndefined();
    expect(withPorts('8080-8000')).toBe(PORT_RANGE_ORDER);
    expect(withPorts('')).toBe('Listen ports are required');
    expect(PORTS_INVALID).toBe(
      'Ports must be numbers from 1 to 65535, separated by commas, ranges with a dash (80,443,8000-8080)',
    );
  });

  it('checks target ports: optional, the port-list rule, one or as many as the listen ports', () => {
    const withTarget = (listenPorts: string, targetPorts: string) =>
      forwardErrors({
        ...valid(),
        ports: [{ ...newPortValues('10.190.5.20'), listenPorts, targetPorts }],
      }).ports[0]?.targetPorts;
    expect(withTarget('80', '')).toBeUndefined();
    expect(withTarget('80-82', '8080')).toBeUndefined();
    expect(withTarget('80-82', '8080-8082')).toBeUndefined();
    expect(withTarget('80-82', '8080,8081')).toBe(
      'Give one target port, or as many target ports as listen ports',
    );
    expect(withTarget('80', '65536')).toBe(PORTS_INVALID);
    expect(withTarget('80', '1,2,3,4,5,6,7,8,9,10,11')).toBe(PORTS_TOO_MANY);
  });

  it('checks target addresses: required per rule, valid, not the default, same IP version', () => {
    const problem = (over: Partial<ForwardFormValues>, target: string) =>
      forwardErrors({
        ...valid(),
        ...over,
        ports: [{ ...newPortValues(target), listenPorts: '80' }],
      }).ports[0]?.targetAddress;
    expect(problem({}, '')).toBe('Target address is required');
    expect(problem({}, 'x')).toBe(IP_ADDRESS_INVALID);
    expect(problem({}, 'fd42::5')).toBe('Use the same IP version as the listen address');
    expect(problem({ targetAddress: '10.190.5.20' }, '10.190.5.20')).toBe(
      'The target address must differ from the default target address',
    );
    expect(forwardErrors({ ...valid(), targetAddress: 'nope' }).targetAddress).toBe(
      IP_ADDRESS_INVALID,
    );
    expect(forwardErrors({ ...valid(), targetAddress: 'fd42::9' }).targetAddress).toBe(
      FORWARD_MESSAGES.ipVersion,
    );
  });

  it('refuses a listen port used twice for one protocol', () => {
    expect(
      duplicatePortErrors([
        { protocol: 'tcp', listenPorts: '80-90' },
        { protocol: 'udp', listenPorts: '85' },
        { protocol: 'tcp', listenPorts: '100,85' },
      ]),
    ).toEqual([undefined, undefined, duplicatePortMessage(85, 'tcp')]);
    expect(duplicatePortMessage(85, 'tcp')).toBe(
      'Port 85 (TCP) is already in an earlier port rule',
    );
  });

  it('expands port lists and counts ranges', () => {
    expect(expandPorts('80,8000-8002')).toEqual([80, 8000, 8001, 8002]);
    expect(expandPorts('bad')).toEqual([]);
    expect(targetCountError('80,81', '')).toBeUndefined();
    expect(ipVersionError('10.0.0.1', 'fd42::1')).toBe(FORWARD_MESSAGES.ipVersion);
    expect(ipVersionError('10.0.0.1', '10.0.0.2')).toBeUndefined();
  });
});

describe('forward bodies', () => {
  it('posts the listen address, the default target in config and trimmed port rules', () => {
    const values = {
      ...valid(),
      description: 'web',
      targetAddress: ' 10.190.5.30 ',
      config: { 'user.k': 'v' },
    };
    expect(valuesToForwardPost(values)).toEqual({
      listen_address: '10.190.5.1',
      description: 'web',
      config: { 'user.k': 'v', target_address: '10.190.5.30' },
      ports: [
        { protocol: 'tcp', listen_port: '8080', target_address: '10.190.5.20', target_port: '80' },
        { protocol: 'udp', listen_port: '5353,6000-6005', target_address: '10.190.5.20' },
      ],
    });
  });

  it('reads a forward into the form and back (no default target: none sent)', () => {
    const forward = {
      listen_address: '10.0.0.1',
      description: '',
      config: { 'user.k': 'v' },
      ports: [
        {
          protocol: 'tcp',
          listen_port: '80',
          target_address: '10.0.0.5',
          target_port: '',
          description: '',
        },
      ],
      location: 'none',
    };
    const values = forwardToValues(forward);
    expect(values.targetAddress).toBe('');
    expect(valuesToForwardPut(values)).toEqual({
      description: '',
      config: { 'user.k': 'v' },
      ports: [{ protocol: 'tcp', listen_port: '80', target_address: '10.0.0.5' }],
    });
    expect(forwardToValues({ ...forward, ports: null }).ports).toEqual([]);
  });

  it('summarises a port rule and names the member of a clustered forward', () => {
    expect(
      portSummary({
        protocol: 'tcp',
        listen_port: '8080',
        target_address: '10.0.0.5',
        target_port: '80',
      }),
    ).toBe('TCP 8080 → 10.0.0.5:80');
    expect(portSummary({ protocol: 'udp', listen_port: '53', target_address: '10.0.0.5' })).toBe(
      'UDP 53 → 10.0.0.5',
    );
    expect(
      portSummary({
        protocol: 'tcp',
        listen_port: '80',
        target_address: 'fd42::5',
        target_port: '8080',
      }),
    ).toBe('TCP 80 → [fd42::5]:8080');
    expect(forwardMember({ location: 'none' })).toBeUndefined();
    expect(forwardMember({ location: 'm1' })).toBe('m1');
  });
});

describe('address pickers', () => {
  it('offers the network’s configured and live addresses once each', () => {
    expect(
      networkAddressOptions(
        { name: 'br0', config: { 'ipv4.address': '10.1.0.1/24', 'ipv6.address': 'none' } },
        {
          addresses: [
            { family: 'inet', address: '10.1.0.1', netmask: '24', scope: 'global' },
            { family: 'inet6', address: 'fe80::1', netmask: '64', scope: 'link' },
            { family: 'inet6', address: 'fd42::1', netmask: '64', scope: 'global' },
          ],
        },
      ),
    ).toEqual([
      { value: '10.1.0.1', label: '10.1.0.1 (br0)' },
      { value: 'fd42::1', label: 'fd42::1 (br0)' },
    ]);
    expect(networkAddressOptions({ name: 'b', config: { 'ipv4.address': 'auto' } })).toEqual([]);
  });

  it('offers the global addresses of instances’ NICs on the network', () => {
    const instance = (
      name: string,
      devices: Record<string, Record<string, string>>,
      network: unknown,
    ) => ({ name, devices: {}, expanded_devices: devices, state: { network } }) as never;
    const options = instanceAddressOptions(
      [
        instance(
          'web',
          { eth0: { type: 'nic', network: 'br0' }, eth1: { type: 'nic', network: 'other' } },
          {
            eth0: {
              addresses: [
                { family: 'inet', address: '10.1.0.5', netmask: '24', scope: 'global' },
                { family: 'inet6', address: 'fe80::5', netmask: '64', scope: 'link' },
              ],
            },
            eth1: {
              addresses: [{ family: 'inet', address: '10.9.0.5', netmask: '24', scope: 'global' }],
            },
          },
        ),
        instance(
          'app',
          {
            lan: {
              type: 'nic',
              nictype: 'bridged',
              parent: 'br0',
              name: 'eth0',
              'ipv4.address': '10.1.0.9',
            },
          },
          null,
        ),
      ],
      'br0',
    );
    expect(options).toEqual([
      { value: '10.1.0.9', label: 'app (eth0) 10.1.0.9' },
      { value: '10.1.0.5', label: 'web (eth0) 10.1.0.5' },
    ]);
  });
});
