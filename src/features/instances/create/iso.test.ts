import { describe, expect, it } from 'vitest';
import { fromDeviceEntries, toDeviceEntries } from '../../../shared/config-form';
import { attachedIso, withIso } from './iso';

describe('attaching an ISO to a new virtual machine', () => {
  const iso = { pool: 'default', name: 'ubuntu-24-04', contentType: 'iso' };

  it('adds an iso-volume disk that boots first, and takes it away again', () => {
    const own = toDeviceEntries({ eth0: { type: 'nic', network: 'lxdbr0' } });
    const devices = withIso(own, iso);
    expect(fromDeviceEntries(devices)).toEqual({
      eth0: { type: 'nic', network: 'lxdbr0' },
      'iso-volume': {
        type: 'disk',
        pool: 'default',
        source: 'ubuntu-24-04',
        'boot.priority': '10',
      },
    });
    expect(attachedIso(devices)).toBe('default/ubuntu-24-04');
    expect(fromDeviceEntries(withIso(devices, undefined))).toEqual({
      eth0: { type: 'nic', network: 'lxdbr0' },
    });
    expect(attachedIso(own)).toBe('');
  });

  it('replaces the ISO rather than adding a second one', () => {
    const other = { pool: 'fast', name: 'debian', contentType: 'iso' };
    const devices = withIso(withIso([], iso), other);
    expect(devices).toHaveLength(1);
    expect(attachedIso(devices)).toBe('fast/debian');
  });
});
