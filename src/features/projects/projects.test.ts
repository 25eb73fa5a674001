import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROJECT_DELETE_REASON,
  DEFAULT_PROJECT_RENAME_REASON,
  deleteProjectBlocker,
  describeContents,
  featuresBlocker,
  isProjectEmpty,
  projectContents,
  renameProjectBlocker,
} from './contents';
import {
  isFalse,
  isTrue,
  newProjectValues,
  projectToValues,
  valuesToBody,
  withConfigValue,
} from './form';
import { PROJECT_FEATURES, PROJECT_LIMITS, PROJECT_RESTRICTIONS, supported } from './keys';
import { isProjectSection, sectionOfField } from './sections';

const LXD_502 = [
  'projects_limits',
  'projects_restrictions',
  'projects_limits_disk',
  'projects_networks',
  'projects_networks_restricted_uplinks',
  'projects_limits_instances',
  'projects_restricted_cluster_target',
  'projects_restricted_backups_and_snapshots',
  'projects_restricted_intercept',
  'projects_networks_restricted_access',
  'clustering_groups',
];

describe('key lists', () => {
  it('lists the features of spec §3 and gates the newer ones by extension', () => {
    expect(PROJECT_FEATURES.map((f) => f.key)).toEqual([
      'features.images',
      'features.profiles',
      'features.storage.volumes',
      'features.storage.buckets',
      'features.networks',
      'features.networks.zones',
    ]);
    expect(supported(PROJECT_FEATURES, LXD_502).map((f) => f.key)).toEqual([
      'features.images',
      'features.profiles',
      'features.storage.volumes',
      'features.networks',
    ]);
    expect(
      supported(PROJECT_FEATURES, [...LXD_502, 'storage_buckets']).map((f) => f.key),
    ).toContain('features.storage.buckets');
  });

  it('lists the limits of the issue', () => {
    expect(PROJECT_LIMITS.map((l) => l.key)).toEqual([
      'limits.instances',
      'limits.containers',
      'limits.virtual-machines',
      'limits.cpu',
      'limits.memory',
      'limits.disk',
      'limits.networks',
      'limits.processes',
    ]);
    expect(PROJECT_LIMITS.filter((l) => l.kind === 'size').map((l) => l.key)).toEqual([
      'limits.memory',
      'limits.disk',
    ]);
    expect(supported(PROJECT_LIMITS, []).map((l) => l.key)).not.toContain('limits.instances');
  });

  it('covers the restriction areas: low-level, nesting, privilege, devices, networks, cluster, backups, snapshots, idmap', () => {
    const keys = PROJECT_RESTRICTIONS.flatMap((g) => g.keys.map((k) => k.key));
    for (const key of [
      'restricted.containers.lowlevel',
      'restricted.virtual-machines.lowlevel',
      'restricted.containers.nesting',
      'restricted.containers.privilege',
      'restricted.devices.disk',
      'restricted.devices.nic',
      'restricted.devices.gpu',
      'restricted.networks.uplinks',
      'restricted.cluster.target',
      'restricted.backups',
      'restricted.snapshots',
      'restricted.idmap.uid',
      'restricted.idmap.gid',
    ]) {
      expect(keys).toContain(key);
    }
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of PROJECT_RESTRICTIONS.flatMap((g) => g.keys)) {
      expect(key.key.startsWith('restricted.')).toBe(true);
      if (key.kind === 'select') expect(key.options?.length).toBeGreaterThan(1);
    }
  });

  it('defaults disk and nic devices to managed and the others to block', () => {
    const byKey = new Map(PROJECT_RESTRICTIONS.flatMap((g) => g.keys).map((k) => [k.key, k]));
    expect(byKey.get('restricted.devices.disk')?.defaultText).toBe('managed');
    expect(byKey.get('restricted.devices.nic')?.options?.map((o) => o.value)).toEqual([
      'allow',
      'block',
      'managed',
    ]);
    expect(byKey.get('restricted.devices.gpu')?.defaultText).toBe('block');
    expect(byKey.get('restricted.containers.privilege')?.defaultText).toBe('unprivileged');
  });
});

describe('form ↔ config mapping', () => {
  it('a new project gets every supported feature at its default', () => {
    expect(newProjectValues(LXD_502)).toEqual({
      name: '',
      description: '',
      config: {
        'features.images': 'true',
        'features.profiles': 'true',
        'features.storage.volumes': 'true',
        'features.networks': 'false',
      },
    });
  });

  it('keeps keys the form does not show, and leaves out unset values', () => {
    const values = projectToValues({
      name: 'p1',
      description: 'd',
      config: { 'user.owner': 'me', 'limits.memory': '2GiB', restricted: 'true' },
      used_by: [],
    });
    const next = {
      ...values,
      config: withConfigValue(
        withConfigValue(values.config, 'limits.memory', ''),
        'limits.cpu',
        ' 4 ',
      ),
    };
    expect(valuesToBody(next)).toEqual({
      name: 'p1',
      description: 'd',
      config: { 'user.owner': 'me', restricted: 'true', 'limits.cpu': '4' },
    });
  });

  it('withConfigValue keeps the order of existing keys', () => {
    expect(Object.keys(withConfigValue({ a: '1', b: '2' }, 'a', '3'))).toEqual(['a', 'b']);
    expect(withConfigValue({ a: '1' }, 'b', '')).toEqual({ a: '1' });
  });

  it('reads booleans as LXD does', () => {
    for (const word of ['true', 'TRUE', '1', 'yes', 'on']) expect(isTrue(word)).toBe(true);
    for (const word of ['false', '0', 'no', 'off']) expect(isFalse(word)).toBe(true);
    expect(isTrue(undefined)).toBe(false);
    expect(isFalse('')).toBe(false);
  });
});

describe('what a project holds', () => {
  const usedBy = [
    '/1.0/profiles/default?project=p',
    '/1.0/instances/c1?project=p',
    '/1.0/instances/c2?project=p',
    '/1.0/images/abc?project=p',
    '/1.0/storage-pools/default/volumes/custom/v1?project=p',
    '/1.0/networks/n1?project=p',
  ];

  it('counts by kind and ignores the default profile', () => {
    expect(describeContents(projectContents(usedBy))).toBe(
      '2 instances, 1 image, 1 storage volume and 1 network',
    );
    expect(isProjectEmpty({ used_by: ['/1.0/profiles/default?project=p'] })).toBe(true);
    expect(isProjectEmpty({ used_by: ['/1.0/profiles/web?project=p'] })).toBe(false);
    expect(isProjectEmpty({})).toBe(true);
  });

  it('explains why a project cannot be deleted or renamed', () => {
    expect(deleteProjectBlocker({ name: 'default', used_by: [] })).toBe(
      DEFAULT_PROJECT_DELETE_REASON,
    );
    expect(DEFAULT_PROJECT_DELETE_REASON).toBe('The default project cannot be deleted');
    expect(renameProjectBlocker({ name: 'default' })).toBe(DEFAULT_PROJECT_RENAME_REASON);
    expect(deleteProjectBlocker({ name: 'p', used_by: usedBy })).toBe(
      'Only empty projects can be deleted. This project still holds 2 instances, 1 image, 1 storage volume and 1 network.',
    );
    expect(renameProjectBlocker({ name: 'p', used_by: ['/1.0/instances/c1?project=p'] })).toBe(
      'Only empty projects can be renamed. This project still holds 1 instance.',
    );
    expect(deleteProjectBlocker({ name: 'p', used_by: [usedBy[0] ?? ''] })).toBeUndefined();
  });

  it('locks features of the default project and of non-empty projects', () => {
    expect(featuresBlocker({ name: 'default' })).toBe(
      'The features of the default project cannot be changed',
    );
    expect(featuresBlocker({ name: 'p', used_by: usedBy })).toBe(
      'Features can only be changed on empty projects',
    );
    expect(featuresBlocker({ name: 'p', used_by: [] })).toBeUndefined();
  });
});

describe('sections', () => {
  it('maps fields to their section', () => {
    expect(sectionOfField('name')).toBe('project-details');
    expect(sectionOfField('limits.memory')).toBe('resource-limits');
    expect(sectionOfField('restricted')).toBe('restrictions');
    expect(isProjectSection('yaml')).toBe(true);
    expect(isProjectSection('nope')).toBe(false);
  });
});
