import { describe, expect, it } from 'vitest';
import type { LxdInstance } from '../../lxd/types/instance';
import { toListItem } from './list-item';

describe('toListItem', () => {
  it('keeps the stub LXD sends for an instance on an offline cluster member', () => {
    // GET /1.0/instances?recursion=1 on LXD 5.0.2 with member m3 stopped (measured).
    const stub = {
      architecture: '',
      config: null,
      devices: null,
      ephemeral: false,
      profiles: null,
      stateful: false,
      description: '',
      created_at: '0001-01-01T00:00:00Z',
      name: 'c3',
      status: 'Error',
      status_code: 112,
      last_used_at: '0001-01-01T00:00:00Z',
      location: 'm3',
      type: '',
      project: 'default',
    } as unknown as LxdInstance;
    expect(toListItem(stub)).toMatchObject({
      name: 'c3',
      status: 'Error',
      location: 'm3',
      profiles: [],
      config: {},
    });
  });

  it('drops volatile keys from the expanded configuration', () => {
    const instance = {
      name: 'c1',
      project: 'default',
      type: 'container',
      status: 'Running',
      description: '',
      location: 'none',
      profiles: ['default'],
      created_at: '',
      last_used_at: '',
      config: {},
      expanded_config: { 'limits.cpu': '2', 'volatile.uuid': 'x' },
    } as unknown as LxdInstance;
    expect(toListItem(instance).config).toEqual({ 'limits.cpu': '2' });
  });
});
