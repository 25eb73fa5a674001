import { describe, expect, it } from 'vitest';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { countChanges } from '../../../../shared/config-form';
import { editBody, editFormValues, editYamlObject, readEditYaml } from './edit-body';

const instance: LxdInstance = {
  name: 'c1',
  project: 'default',
  type: 'container',
  status: 'Running',
  status_code: 103,
  description: 'web',
  architecture: 'x86_64',
  created_at: '2026-01-01T00:00:00Z',
  last_used_at: '0001-01-01T00:00:00Z',
  ephemeral: false,
  stateful: false,
  location: 'none',
  profiles: ['default'],
  config: { 'limits.memory': '256MiB', 'volatile.idmap.base': '0', 'image.os': 'busybox' },
  devices: { data: { type: 'disk', path: '/data', source: '/srv' } },
};

describe('configuration tab mappings', () => {
  it('puts back every writable field unchanged when nothing was edited', () => {
    const body = editBody(instance, editFormValues(instance));
    expect(body).toEqual({
      architecture: 'x86_64',
      config: instance.config,
      devices: instance.devices,
      ephemeral: false,
      profiles: ['default'],
      stateful: false,
      description: 'web',
    });
    expect(countChanges(instance, body)).toBe(0);
  });

  it('sends a changed limits.memory as a string and counts one change', () => {
    const values = editFormValues(instance);
    values.config.limitsMemory = '512MiB';
    const body = editBody(instance, values);
    expect(body.config['limits.memory']).toBe('512MiB');
    expect(body.config['volatile.idmap.base']).toBe('0');
    expect(countChanges(instance, body)).toBe(1);
  });

  it('round-trips YAML mode and refuses a new name there', () => {
    const values = editFormValues(instance);
    const object = editYamlObject(instance, values);
    expect(readEditYaml(instance, object)).toEqual(values);
    expect(() => readEditYaml(instance, { name: 'other' })).toThrow('use Rename');
    const changed = readEditYaml(instance, {
      ...object,
      config: { 'limits.memory': 1073741824 },
    });
    expect(editBody(instance, changed).config).toEqual({ 'limits.memory': '1073741824' });
  });
});
