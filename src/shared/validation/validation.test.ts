import { describe, expect, it } from 'vitest';
import {
  IP_ADDRESS_INVALID,
  PORTS_INVALID,
  PORTS_TOO_MANY,
  PORT_RANGE_ORDER,
  POWERFLEX_REQUIRED,
  PURE_REQUIRED,
  STORAGE_POOL_NAME_EXISTS,
  STORAGE_VOLUME_NAME_EXISTS,
  isValidIpAddress,
  networksEqual,
  portListError,
  resourceNameFromFile,
  storagePoolDriverError,
  takenNameError,
  uniqueName,
} from '.';

describe('IP address (spec §5)', () => {
  it.each(['10.0.0.1', '255.255.255.255', '::1', '2001:db8::5', 'fe80::1%eth0', '::ffff:1.2.3.4'])(
    'accepts %s',
    (value) => {
      expect(isValidIpAddress(value)).toBe(true);
    },
  );
  it.each([
    '',
    '10.0.0',
    '10.0.0.256',
    '1',
    '0x7f.1',
    '2001:db8::g',
    'fe80::1%',
    'fe80::1%e th',
    'host',
  ])('refuses %j', (value) => {
    expect(isValidIpAddress(value)).toBe(false);
  });
  it('has a message for forms', () => {
    expect(IP_ADDRESS_INVALID).toBe('Invalid IP address');
  });
});

describe('port list (spec §5, §9)', () => {
  it('accepts single ports, ranges and up to 10 entries', () => {
    expect(portListError('80')).toBeUndefined();
    expect(portListError('1,65535')).toBeUndefined();
    expect(portListError('80, 443, 8000-8080')).toBeUndefined();
    expect(portListError('1,2,3,4,5,6,7,8,9,10-20')).toBeUndefined();
  });
  it('refuses an 11th entry', () => {
    expect(portListError('1,2,3,4,5,6,7,8,9,10,11')).toBe(PORTS_TOO_MANY);
  });
  it.each(['0', '65536', 'http', '80,', '', '1-2-3', '80;443', '-5'])('refuses %j', (value) => {
    expect(portListError(value)).toBe(PORTS_INVALID);
  });
  it('refuses a reversed range', () => {
    expect(portListError('90-80')).toBe(PORT_RANGE_ORDER);
  });
});

describe('resource name from a file name (spec §5)', () => {
  it('drops the extension and replaces other characters with -', () => {
    expect(resourceNameFromFile('ubuntu 24.04_server.iso')).toBe('ubuntu-24-04-server');
    expect(resourceNameFromFile('/tmp/dir/my.image.tar.gz')).toBe('my-image-tar');
    expect(resourceNameFromFile('noextension')).toBe('noextension');
  });
  it('keeps at most 63 characters including the suffix', () => {
    const long = `${'a'.repeat(80)}.iso`;
    expect(resourceNameFromFile(long)).toHaveLength(63);
    const withSuffix = resourceNameFromFile(long, '-1');
    expect(withSuffix).toHaveLength(63);
    expect(withSuffix.endsWith('-1')).toBe(true);
  });
});

describe('unique name helper (spec §5)', () => {
  it('returns the name when free, else appends -1, -2, ...', () => {
    const taken = new Set(['web', 'web-1', 'web-2']);
    expect(uniqueName('db', (n) => taken.has(n))).toBe('db');
    expect(uniqueName('web', (n) => taken.has(n))).toBe('web-3');
  });
});

describe('taken names (spec §5)', () => {
  it('uses the exact messages and allows the current name', () => {
    expect(takenNameError(STORAGE_POOL_NAME_EXISTS, 'p', true)).toBe(
      'A storage pool with this name already exists',
    );
    expect(takenNameError(STORAGE_VOLUME_NAME_EXISTS, 'v', true)).toBe(
      'A storage volume with this name already exists',
    );
    expect(takenNameError(STORAGE_VOLUME_NAME_EXISTS, 'v', true, 'v')).toBeUndefined();
    expect(takenNameError(STORAGE_POOL_NAME_EXISTS, 'p', false)).toBeUndefined();
  });
});

describe('storage pool drivers (spec §5)', () => {
  it('needs pool, gateway and user password for PowerFlex', () => {
    const full = {
      'powerflex.pool': 'p',
      'powerflex.gateway': 'https://gw',
      'powerflex.user.password': 'secret',
    };
    expect(storagePoolDriverError('powerflex', full)).toBeUndefined();
    for (const key of Object.keys(full)) {
      expect(storagePoolDriverError('powerflex', { ...full, [key]: '' })).toBe(POWERFLEX_REQUIRED);
    }
  });
  it('needs gateway and API token for Pure Storage', () => {
    const full = { 'pure.gateway': 'https://gw', 'pure.api.token': 't' };
    expect(storagePoolDriverError('pure', full)).toBeUndefined();
    expect(storagePoolDriverError('pure', { 'pure.gateway': 'https://gw' })).toBe(PURE_REQUIRED);
    expect(storagePoolDriverError('pure', { 'pure.api.token': 't' })).toBe(PURE_REQUIRED);
  });
  it('has no such rule for other drivers', () => {
    expect(storagePoolDriverError('dir', {})).toBeUndefined();
  });
});

describe('network equality (spec §5)', () => {
  const base = { name: 'br0', type: 'bridge', config: { 'ipv4.address': '10.0.0.1/24' } };
  it('ignores ipv4/ipv6 addresses set to auto', () => {
    expect(
      networksEqual(
        { ...base, config: { 'ipv4.address': 'auto', 'ipv6.address': 'auto' } },
        { ...base, config: {} },
      ),
    ).toBe(true);
  });
  it('sees real differences', () => {
    expect(networksEqual(base, { ...base, config: { 'ipv4.address': '10.0.1.1/24' } })).toBe(false);
    expect(networksEqual(base, { ...base, name: 'br1' })).toBe(false);
    expect(networksEqual(base, { ...base, config: { ...base.config, mtu: '1400' } })).toBe(false);
  });
});
