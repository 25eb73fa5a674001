import { describe, expect, it } from 'vitest';
import { toFormValues } from '../../../shared/config-form';
import { testServer } from '../../../testing/render';
import {
  bodyFromYaml,
  canCreateAndStart,
  createBody,
  createYamlObject,
  progressText,
  readCreateYaml,
  supportsVirtualMachines,
  type ChosenImage,
} from './create-body';

const busybox: ChosenImage = {
  kind: 'local',
  fingerprint: '529cc340',
  alias: 'busybox',
  description: 'BusyBox',
  type: 'container',
  architecture: 'x86_64',
};

describe('creation body', () => {
  it('maps the form to POST /1.0/instances', () => {
    const values = toFormValues({
      name: 'c1',
      description: 'test',
      profiles: ['default'],
      config: { 'limits.memory': '256MiB' },
      devices: { root: { type: 'disk', path: '/', pool: 'default' } },
    });
    expect(createBody(values, 'container', busybox)).toEqual({
      name: 'c1',
      description: 'test',
      type: 'container',
      source: { type: 'image', alias: 'busybox' },
      profiles: ['default'],
      config: { 'limits.memory': '256MiB' },
      devices: { root: { type: 'disk', path: '/', pool: 'default' } },
    });
  });

  it('uses the fingerprint without an alias, and pulls remote images', () => {
    const values = toFormValues({ name: 'c1' });
    expect(createBody(values, 'container', { ...busybox, alias: undefined }).source).toEqual({
      type: 'image',
      fingerprint: '529cc340',
    });
    const remote: ChosenImage = {
      kind: 'remote',
      server: 'https://images.example',
      protocol: 'simplestreams',
      alias: 'alpine/3.20',
      description: 'Alpine',
      type: 'container',
      architecture: 'x86_64',
    };
    expect(createBody(values, 'container', remote).source).toEqual({
      type: 'image',
      alias: 'alpine/3.20',
      server: 'https://images.example',
      protocol: 'simplestreams',
      mode: 'pull',
    });
  });

  it('round-trips through YAML mode', () => {
    const values = toFormValues({
      name: 'c1',
      profiles: ['default'],
      config: { 'limits.cpu': '2' },
    });
    const object = createYamlObject(values, 'virtual-machine', busybox);
    const back = readCreateYaml(object);
    expect(back.type).toBe('virtual-machine');
    expect(back.source).toEqual({ type: 'image', alias: 'busybox' });
    expect(back.values.config.limitsCpu).toBe('2');
    expect(back.values.profiles).toEqual(['default']);
    expect(() => readCreateYaml({ type: 'vm' })).toThrow('type must be container or');
  });

  it('sends YAML mode as written, config values as strings', () => {
    expect(
      bodyFromYaml({ name: 'c1', type: 'container', ephemeral: true, config: { 'limits.cpu': 2 } }),
    ).toEqual({
      name: 'c1',
      description: '',
      type: 'container',
      ephemeral: true,
      config: { 'limits.cpu': '2' },
      devices: {},
    });
  });
});

describe('server facts', () => {
  it('VMs need the qemu driver', () => {
    expect(supportsVirtualMachines(testServer({ environment: { driver: 'lxc' } }))).toBe(false);
    expect(supportsVirtualMachines(testServer({ environment: { driver: 'lxc | qemu' } }))).toBe(
      true,
    );
    expect(supportsVirtualMachines(testServer({ environment: { driver: 'qemu' } }))).toBe(true);
    expect(supportsVirtualMachines(testServer({ environment: {} }))).toBe(true);
  });

  it('create and start in one call needs instance_create_start', () => {
    expect(canCreateAndStart(testServer())).toBe(false);
    expect(canCreateAndStart(testServer({ api_extensions: ['instance_create_start'] }))).toBe(true);
  });

  it('reports image progress', () => {
    expect(progressText({ download_progress: 'rootfs: 45% (12.3MB/s)' })).toBe(
      'rootfs: 45% (12.3MB/s)',
    );
    expect(
      progressText({ create_instance_from_image_unpack_progress: 'Unpack: 100% (1.2GB/s)' }),
    ).toBe('Unpack: 100% (1.2GB/s)');
    expect(progressText(null)).toBe('');
  });
});
