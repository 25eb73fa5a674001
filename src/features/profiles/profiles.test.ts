import { describe, expect, it } from 'vitest';
import { toFormValues } from '../../shared/config-form';
import { sortRows, type SortState } from '../../shared/ui/list';
import {
  newProfileValues,
  profileFromYamlObject,
  profileYamlObject,
  RENAME_IN_YAML,
  valuesToProfileBody,
} from './form';
import { PROFILE_LIST_SORT, profileColumns } from './components/profileListColumns';
import { profileKeys } from './queries';
import {
  deleteProfileBlocker,
  instancesUsing,
  matchProfile,
  PROFILE_MESSAGES,
  profileSearch,
  renameProfileBlocker,
  usesDefaultProfiles,
  validateProfileName,
} from './rules';

describe('profile name', () => {
  it.each([
    ['', 'Profile name is required'],
    ['a'.repeat(64), 'Profile name must be between 1 and 63 characters'],
    ['a/b', 'Profile names may not contain slashes'],
    ['.', 'Profile name cannot be "." or ".."'],
    ['..', 'Profile name cannot be "." or ".."'],
  ])('%j → %s', (name, message) => {
    expect(validateProfileName(name)).toBe(message);
  });

  it('accepts names LXD accepts and refuses a taken one but the current', () => {
    expect(validateProfileName('web_2 x')).toBeUndefined();
    expect(validateProfileName('a'.repeat(63))).toBeUndefined();
    expect(validateProfileName('web', ['default', 'web'])).toBe(
      'A profile with this name already exists',
    );
    expect(validateProfileName('web', ['web'], 'web')).toBeUndefined();
  });
});

describe('used by', () => {
  const profile = {
    name: 'web',
    used_by: [
      '/1.0/instances/c2',
      '/1.0/instances/c1',
      '/1.0/instances/x1?project=team',
      '/1.0/instances/a%20b?project=team',
    ],
  };

  it('counts the instances using it, with their project', () => {
    expect(instancesUsing(profile).map(({ name, project }) => ({ name, project }))).toEqual([
      { name: 'c2', project: 'default' },
      { name: 'c1', project: 'default' },
      { name: 'x1', project: 'team' },
      { name: 'a b', project: 'team' },
    ]);
    expect(
      instancesUsing({ used_by: ['/1.0/instances/c1/snapshots/s', '/1.0/profiles/x'] }),
    ).toEqual([]);
  });

  it('links to the instance list filtered by the profile', () => {
    expect(profileSearch('web')).toBe('?search=profile:web');
    expect(profileSearch('two words')).toBe('?search=profile:%22two%20words%22');
  });
});

describe('rename and delete', () => {
  it('the default profile cannot be renamed or deleted', () => {
    expect(deleteProfileBlocker({ name: 'default', used_by: [] })).toBe(
      'The default profile cannot be deleted',
    );
    expect(renameProfileBlocker({ name: 'default' })).toBe(PROFILE_MESSAGES.defaultRename);
    expect(renameProfileBlocker({ name: 'web' })).toBeUndefined();
  });

  it('a profile in use explains why it cannot be deleted', () => {
    expect(deleteProfileBlocker({ name: 'web', used_by: ['/1.0/instances/c1'] })).toBe(
      'This profile is used by 1 instance. Remove it from them before deleting it.',
    );
    expect(
      deleteProfileBlocker({ name: 'web', used_by: ['/1.0/instances/c1', '/1.0/instances/c2'] }),
    ).toBe('This profile is used by 2 instances. Remove it from them before deleting it.');
    expect(deleteProfileBlocker({ name: 'web', used_by: [] })).toBeUndefined();
  });
});

describe('list', () => {
  const profiles = [
    { name: 'web', description: 'Front ends' },
    { name: 'default', description: 'Default LXD profile' },
    { name: 'db', description: 'Databases' },
  ].map((p) => ({ ...p, config: {}, devices: {} }));

  const columns = profileColumns('default');
  const byName = (sort: SortState) =>
    sortRows(profiles, columns, sort, (p) => p.name).map((p) => p.name);

  it('puts default first, then by name, and filters name or description', () => {
    expect(byName(PROFILE_LIST_SORT)).toEqual(['default', 'db', 'web']);
    expect(byName({ column: 'name', direction: 'descending' })).toEqual(['web', 'db', 'default']);
    const shown = (search: string) =>
      sortRows(
        profiles.filter(matchProfile(search)),
        columns,
        PROFILE_LIST_SORT,
        (p) => p.name,
      ).map((p) => p.name);
    expect(shown('FRONT')).toEqual(['web']);
    expect(shown('d')).toEqual(['default', 'db', 'web']);
    expect(shown('  ')).toEqual(['default', 'db', 'web']);
  });

  it('knows when a project uses the default project’s profiles', () => {
    expect(usesDefaultProfiles({ name: 'default', config: {} })).toBe(false);
    expect(usesDefaultProfiles({ name: 'p', config: {} })).toBe(true);
    expect(usesDefaultProfiles({ name: 'p', config: { 'features.profiles': 'true' } })).toBe(false);
    expect(usesDefaultProfiles(undefined)).toBe(false);
  });

  it('keys live under one root per project', () => {
    expect(profileKeys.list('p', '')).toEqual(['profiles', 'project', 'p', 'list', '']);
    expect(profileKeys.detail('p', 'web').slice(0, 3)).toEqual(profileKeys.project('p'));
  });
});

describe('form ↔ profile mapping', () => {
  const profile = {
    name: 'web',
    description: 'Front ends',
    config: { 'limits.memory': '1GiB', 'user.team': 'blue' },
    devices: { data: { type: 'disk', path: '/data', source: '/srv' } },
  };

  it('round-trips config (mapped and other keys) and devices', () => {
    const values = toFormValues(profile);
    expect(valuesToProfileBody(values, {})).toEqual(profile);
  });

  it('a new profile is empty', () => {
    expect(valuesToProfileBody(newProfileValues({}), {})).toEqual({
      name: '',
      description: '',
      config: {},
      devices: {},
    });
  });

  it('YAML shows the name only when creating', () => {
    const values = toFormValues(profile);
    expect(profileYamlObject(values, 'create', {})).toEqual(profile);
    expect(profileYamlObject(values, 'edit', {})).toEqual({
      description: profile.description,
      config: profile.config,
      devices: profile.devices,
    });
  });

  it('reads YAML back, with numbers as text, and refuses a rename', () => {
    const values = profileFromYamlObject(
      { description: 'x', config: { 'limits.cpu': 2 }, devices: {} },
      'web',
      'edit',
      {},
    );
    expect(valuesToProfileBody(values, {})).toEqual({
      name: 'web',
      description: 'x',
      config: { 'limits.cpu': '2' },
      devices: {},
    });
    expect(() => profileFromYamlObject({ name: 'other' }, 'web', 'edit', {})).toThrow(
      RENAME_IN_YAML,
    );
    expect(
      valuesToProfileBody(profileFromYamlObject({ name: 'new' }, '', 'create', {}), {}).name,
    ).toBe('new');
  });
});
