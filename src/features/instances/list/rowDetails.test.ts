import { describe, expect, it } from 'vitest';
import type { LxdInstanceState } from '../../../lxd/types/instance';
import { addressesOf, diskText, memoryText } from './rowDetails';

const state: Pick<LxdInstanceState, 'network' | 'memory' | 'disk'> = {
  memory: { usage: 532480, usage_peak: 0, swap_usage: 0, swap_usage_peak: 0 },
  disk: { root: { usage: 1536 } },
  network: {
    eth0: {
      addresses: [
        { family: 'inet', address: '10.0.0.5', netmask: '24', scope: 'global' },
        { family: 'inet6', address: 'fe80::1', netmask: '64', scope: 'link' },
        { family: 'inet6', address: 'fd42::5', netmask: '64', scope: 'global' },
      ],
      hwaddr: '',
      host_name: '',
      mtu: 1500,
      state: 'up',
      type: 'broadcast',
    },
    lo: {
      addresses: [{ family: 'inet', address: '127.0.0.1', netmask: '8', scope: 'local' }],
      hwaddr: '',
      host_name: '',
      mtu: 65536,
      state: 'up',
      type: 'loopback',
    },
  },
};

describe('row details', () => {
  it('shows global addresses per family with their interface', () => {
    expect(addressesOf(state, 'inet')).toEqual([{ address: '10.0.0.5', device: 'eth0' }]);
    expect(addressesOf(state, 'inet6')).toEqual([{ address: 'fd42::5', device: 'eth0' }]);
    expect(addressesOf(undefined, 'inet')).toEqual([]);
    expect(addressesOf({ network: null }, 'inet')).toEqual([]);
  });

  it('formats memory and disk use, or a dash when unknown', () => {
    expect(memoryText(state)).toBe('520.0 KiB');
    expect(diskText(state)).toBe('1.5 KiB');
    expect(memoryText({ memory: null })).toBe('-');
    expect(diskText({ disk: {} })).toBe('-');
  });
});
