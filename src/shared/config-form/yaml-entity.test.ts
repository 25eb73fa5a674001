import { describe, expect, it } from 'vitest';
import { parseYaml } from '../ui/yaml/parse';
import { readEntityYaml } from './yaml-entity';

describe('YAML mode objects', () => {
  it('turns scalars into strings and keeps other fields', () => {
    const parsed = parseYaml(
      'name: c1\ntype: container\nconfig:\n  limits.cpu: 2\n  boot.autostart: true\ndevices:\n  root:\n    type: disk\n    path: /\n    pool: default\n',
    );
    if (!parsed.ok) throw new Error('valid YAML expected');
    expect(readEntityYaml(parsed.value)).toEqual({
      name: 'c1',
      config: { 'limits.cpu': '2', 'boot.autostart': 'true' },
      devices: { root: { type: 'disk', path: '/', pool: 'default' } },
      rest: { type: 'container' },
    });
  });

  it('explains a wrong shape', () => {
    expect(() => readEntityYaml(['a'])).toThrow('The YAML must be a map');
    expect(() => readEntityYaml({ config: ['a'] })).toThrow('config must be a map');
    expect(() => readEntityYaml({ devices: { eth0: { network: 'x' } } })).toThrow(
      'devices.eth0 needs a type',
    );
    expect(() => readEntityYaml({ profiles: 'default' })).toThrow('profiles must be a list');
    expect(() => readEntityYaml({ config: { a: { b: 1 } } })).toThrow(
      'config.a must be a text value',
    );
  });

  it('reads an empty document as nothing set', () => {
    expect(readEntityYaml(null)).toEqual({ rest: {} });
  });
});
