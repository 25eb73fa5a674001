import { describe, expect, it } from 'vitest';
import { configKeyDefault } from '../forms/config-keys';
import { CONFIG_FIELDS, fieldById, fieldByKey, sectionFields } from './fields';
import { countChanges, saveLabel, toConfig, toFormValues, type ConfigEntity } from './mapping';

const instance: ConfigEntity = {
  name: 'web-1',
  description: 'Web server',
  profiles: ['default', 'web'],
  config: {
    'limits.cpu': '2',
    'limits.memory': '1GiB',
    'security.nesting': 'true',
    'security.privileged': 'false',
    'snapshots.schedule': '@daily',
    'snapshots.expiry': '2w',
    'boot.autostart': 'true',
    'boot.autostart.delay': '5',
    'cloud-init.user-data': '#cloud-config\npackages: [htop]\n',
    'migration.stateful': 'true',
    'cluster.evacuate': 'stop',
    'image.os': 'busybox',
    'volatile.base_image': 'abc',
    'user.owner': 'ops',
  },
  devices: {
    root: { type: 'disk', path: '/', pool: 'default', size: '10GiB' },
    eth0: { type: 'nic', network: 'lxdbr0', name: 'eth0' },
    web: { type: 'proxy', listen: 'tcp:0.0.0.0:80', connect: 'tcp:127.0.0.1:80' },
    data: { type: 'disk', source: '/srv', path: '/data', readonly: 'true' },
    tty: { type: 'unix-char', path: '/dev/ttyS0' },
  },
};

describe('config → form', () => {
  const values = toFormValues(instance);

  it('puts each dotted key in its field', () => {
    expect(values.config.limitsCpu).toBe('2');
    expect(values.config.limitsMemory).toBe('1GiB');
    expect(values.config.securityNesting).toBe('true');
    expect(values.config.securityPrivileged).toBe('false');
    expect(values.config.snapshotsSchedule).toBe('@daily');
    expect(values.config.snapshotsExpiry).toBe('2w');
    expect(values.config.bootAutostart).toBe('true');
    expect(values.config.bootAutostartDelay).toBe('5');
    expect(values.config.cloudInitUserData).toBe('#cloud-config\npackages: [htop]\n');
    expect(values.config.migrationStateful).toBe('true');
    expect(values.config.clusterEvacuate).toBe('stop');
  });

  it('leaves unset fields empty', () => {
    expect(values.config.limitsProcesses).toBe('');
    expect(values.config.securitySecureboot).toBe('');
  });

  it('keeps keys without a field aside, user.* keys in the user properties', () => {
    expect(values.otherConfig).toEqual({
      'image.os': 'busybox',
      'volatile.base_image': 'abc',
    });
    expect(values.userProperties).toEqual([{ name: 'owner', value: 'ops' }]);
  });

  it('keeps name, description and profile order', () => {
    expect(values.name).toBe('web-1');
    expect(values.description).toBe('Web server');
    expect(values.profiles).toEqual(['default', 'web']);
  });

  it('splits devices into known fields and other properties', () => {
    const data = values.devices.find((device) => device.name === 'data');
    expect(data).toEqual({
      name: 'data',
      type: 'disk',
      props: { path: '/data', pool: '', source: '/srv', size: '' },
      extra: [{ key: 'readonly', value: 'true' }],
    });
    const nic = values.devices.find((device) => device.name === 'eth0');
    expect(nic?.props).toEqual({
      network: 'lxdbr0',
      nictype: '',
      parent: '',
      ipv4Address: '',
      ipv6Address: '',
      securityAcls: '',
    });
    expect(nic?.extra).toEqual([{ key: 'name', value: 'eth0' }]);
    const tty = values.devices.find((device) => device.name === 'tty');
    expect(tty?.props).toEqual({});
    expect(tty?.extra).toEqual([{ key: 'path', value: '/dev/ttyS0' }]);
  });
});

describe('form → config', () => {
  it('round-trips config and devices unchanged', () => {
    const result = toConfig(toFormValues(instance));
    expect(result.config).toEqual(instance.config);
    expect(result.devices).toEqual(instance.devices);
  });

  it('writes dotted keys as strings and leaves empty fields out', () => {
    const values = toFormValues({ config: {} });
    values.config.limitsCpu = '4';
    values.config.limitsMemory = '2GiB';
    values.config.securityProtectionDelete = 'true';
    values.config.snapshotsScheduleStopped = 'false';
    values.config.bootHostShutdownTimeout = '30';
    values.config.cloudInitNetworkConfig = 'version: 2\n';
    values.config.clusterEvacuate = 'migrate';
    expect(toConfig(values).config).toEqual({
      'limits.cpu': '4',
      'limits.memory': '2GiB',
      'security.protection.delete': 'true',
      'snapshots.schedule.stopped': 'false',
      'boot.host_shutdown_timeout': '30',
      'cloud-init.network-config': 'version: 2\n',
      'cluster.evacuate': 'migrate',
    });
  });

  it('removes a key whose field was cleared', () => {
    const values = toFormValues(instance);
    values.config.limitsCpu = '';
    expect(toConfig(values).config).not.toHaveProperty('limits.cpu');
  });

  it('drops empty device properties and blank extra rows, trims names', () => {
    const values = toFormValues({ config: {} });
    values.devices.push({
      name: ' disk1 ',
      type: 'disk',
      props: { path: '/mnt', pool: 'default', source: 'vol1', size: '' },
      extra: [
        { key: '', value: 'x' },
        { key: 'readonly', value: 'true' },
      ],
    });
    expect(toConfig(values).devices).toEqual({
      disk1: { type: 'disk', path: '/mnt', pool: 'default', source: 'vol1', readonly: 'true' },
    });
  });

  it('uses user.* keys for cloud-init on servers without cloud_init', () => {
    const legacy = { legacyCloudInit: true };
    const values = toFormValues({ config: { 'user.user-data': '#cloud-config\n' } }, legacy);
    expect(values.config.cloudInitUserData).toBe('#cloud-config\n');
    expect(values.otherConfig).toEqual({});
    expect(toConfig(values, legacy).config).toEqual({ 'user.user-data': '#cloud-config\n' });
  });
});

describe('fields', () => {
  it('have unique ids without dots and unique keys', () => {
    const ids = CONFIG_FIELDS.map((field) => field.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => !id.includes('.'))).toBe(true);
    expect(new Set(CONFIG_FIELDS.map((field) => field.key)).size).toBe(CONFIG_FIELDS.length);
  });

  it('cover the spec keys', () => {
    for (const key of ['limits.cpu', 'limits.memory', 'migration.stateful', 'cluster.evacuate']) {
      expect(fieldByKey(key)).toBeDefined();
    }
    for (const prefix of ['security.', 'snapshots.', 'boot.', 'cloud-init.']) {
      expect(CONFIG_FIELDS.some((field) => field.key.startsWith(prefix))).toBe(true);
    }
  });

  it('show VM defaults limits.cpu 1 and limits.memory 1GB, containers -', () => {
    const vm = { type: 'virtual-machine' } as const;
    const ct = { type: 'container' } as const;
    expect(configKeyDefault(fieldById('limitsCpu'), vm)).toBe('1');
    expect(configKeyDefault(fieldById('limitsCpu'), ct)).toBe('-');
    expect(configKeyDefault(fieldById('limitsMemory'), vm)).toBe('1GB');
    expect(configKeyDefault(fieldById('limitsMemory'), ct)).toBe('-');
  });

  it('offer the cluster.evacuate modes', () => {
    expect(fieldById('clusterEvacuate').options?.map((option) => option.value)).toEqual([
      'auto',
      'migrate',
      'live-migrate',
      'stop',
    ]);
    expect(CONFIG_FIELDS.filter((field) => field.kind === 'select' && !field.options)).toEqual([]);
  });

  it('reject an unknown field id', () => {
    expect(() => fieldById('nope')).toThrow('Could not find nope in');
  });

  it('filter by instance type', () => {
    const ct = sectionFields('security', 'container').map((field) => field.key);
    const vm = sectionFields('security', 'virtual-machine').map((field) => field.key);
    expect(ct).toContain('security.privileged');
    expect(ct).not.toContain('security.secureboot');
    expect(vm).toContain('security.secureboot');
    expect(vm).not.toContain('security.privileged');
    expect(sectionFields('security').length).toBeGreaterThan(ct.length);
  });
});

describe('change count', () => {
  it('counts config keys, devices, description and profiles', () => {
    const after: ConfigEntity = {
      ...instance,
      description: 'changed',
      profiles: ['web', 'default'],
      config: { ...instance.config, 'limits.cpu': '4', 'limits.processes': '100' },
      devices: { ...instance.devices, eth0: { type: 'nic', network: 'other' } },
    };
    delete after.config?.['boot.autostart'];
    expect(countChanges(instance, instance)).toBe(0);
    // limits.cpu, limits.processes, boot.autostart, eth0, description, profiles
    expect(countChanges(instance, after)).toBe(6);
  });

  it("labels the button 'Save N changes'", () => {
    expect(saveLabel(0)).toBe('Save changes');
    expect(saveLabel(1)).toBe('Save 1 change');
    expect(saveLabel(3)).toBe('Save 3 changes');
  });
});
