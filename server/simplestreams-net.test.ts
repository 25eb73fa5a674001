import { describe, expect, it } from 'vitest';
import { addressBytes, isInternalAddress, parseAllowList } from './simplestreams-net';

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    'not an address',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '185.125.190.36',
    '2606:4700:4700::1111',
    '2620:2d:4000:1::16',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is not', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it('reads IPv6 with an IPv4 tail and :: anywhere', () => {
    expect(addressBytes('::ffff:1.2.3.4')).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4,
    ]);
    expect(addressBytes('1::')).toEqual([0, 1, ...Array<number>(14).fill(0)]);
    expect(addressBytes('1:2:3:4:5:6:7:8')).toEqual([
      0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8,
    ]);
    expect(addressBytes('example.com')).toBeUndefined();
  });
});

describe('parseAllowList', () => {
  it('takes ADDRESS and ADDRESS:PORT, IPv6 in brackets before a port', () => {
    expect(parseAllowList(['127.0.0.1:8080', '10.0.0.5', '[::1]:443', '::1', '[fd00::5]'])).toEqual(
      [
        { bytes: [127, 0, 0, 1], port: 8080 },
        { bytes: [10, 0, 0, 5] },
        { bytes: [...Array<number>(15).fill(0), 1], port: 443 },
        { bytes: [...Array<number>(15).fill(0), 1] },
        { bytes: [0xfd, 0, ...Array<number>(13).fill(0), 5] },
      ],
    );
  });

  it.each([
    'localhost:80',
    'mirror.lan',
    '127.0.0.1:0',
    '127.0.0.1:70000',
    '[::1',
    '127.0.0.1:',
    '',
  ])('refuses %j', (entry) => {
    expect(() => parseAllowList([entry])).toThrow('--simplestreams-allow takes IP addresses');
  });
});
