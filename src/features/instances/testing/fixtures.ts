import type { LxdInstance } from '../../../lxd/types/instance';

/** A stopped container of project default, as GET /1.0/instances/{name} answers it. */
export function testInstance(over: Partial<LxdInstance> = {}): LxdInstance {
  return {
    name: 'c1',
    project: 'default',
    type: 'container',
    status: 'Stopped',
    status_code: 0,
    description: '',
    architecture: 'x86_64',
    created_at: '2024-01-01T00:00:00Z',
    last_used_at: '0001-01-01T00:00:00Z',
    ephemeral: false,
    stateful: false,
    location: 'none',
    profiles: ['default'],
    config: {},
    devices: {},
    ...over,
  };
}
