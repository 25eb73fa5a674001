import { describe, expect, it } from 'vitest';
import { STORAGE_VOLUME_NAME_EXISTS } from '../../../shared/validation';
import {
  ISO_MESSAGES,
  deleteIsoBlocker,
  isoNameError,
  isoNameForFile,
  isoSizeBytes,
  isoUserKind,
  isoUserName,
  matchIso,
  usedBySummary,
} from './rules';
import { usedByRefs } from '../../../lxd/used-by';

describe('the name of an uploaded ISO (spec §5)', () => {
  it('is the file name without its extension, other characters replaced by "-"', () => {
    expect(isoNameForFile('ubuntu-24.04.1-live-server-amd64.iso', () => false)).toBe(
      'ubuntu-24-04-1-live-server-amd64',
    );
    expect(isoNameForFile('Windows 11 (x64).iso', () => false)).toBe('Windows-11--x64-');
  });

  it('is made unique with -1, -2 … while the name exists in the pool', () => {
    const taken = new Set(['debian', 'debian-1']);
    expect(isoNameForFile('debian.iso', (name) => taken.has(name))).toBe('debian-2');
    expect(isoNameForFile('alpine.iso', (name) => taken.has(name))).toBe('alpine');
  });

  it('stays within 63 characters, suffix included', () => {
    const long = `${'a'.repeat(70)}.iso`;
    expect(isoNameForFile(long, () => false)).toBe('a'.repeat(63));
    const taken = new Set(['a'.repeat(63)]);
    const second = isoNameForFile(long, (name) => taken.has(name));
    expect(second).toBe(`${'a'.repeat(61)}-1`);
    expect(second).toHaveLength(63);
  });
});

describe('an edited ISO name', () => {
  it('must be given', () => {
    expect(isoNameError('')).toBe(ISO_MESSAGES.nameRequired);
    expect(ISO_MESSAGES.nameRequired).toBe('Enter a name for the ISO volume');
  });

  it('has at most 63 characters', () => {
    expect(isoNameError('a'.repeat(63))).toBeUndefined();
    expect(isoNameError('a'.repeat(64))).toBe('The name can be at most 63 characters long');
  });

  it('takes letters, digits, hyphens, underscores and dots only', () => {
    for (const bad of ['a/b', 'a\\b', 'a b', 'ünï', 'a\tb']) {
      expect(isoNameError(bad)).toBe(
        'Only letters, digits, hyphens, underscores and dots are allowed',
      );
    }
    expect(isoNameError('Ubuntu_24.04-live')).toBeUndefined();
  });

  it('is not . or ..', () => {
    expect(isoNameError('..')).toBe('The name cannot be "." or ".."');
    expect(isoNameError('.')).toBe('The name cannot be "." or ".."');
  });

  it("says 'A storage volume with this name already exists' when the lookup found it", () => {
    expect(ISO_MESSAGES.nameTaken).toBe(STORAGE_VOLUME_NAME_EXISTS);
    expect(STORAGE_VOLUME_NAME_EXISTS).toBe('A storage volume with this name already exists');
  });
});

describe('who uses an ISO', () => {
  it('names instances and profiles from used_by, in their projects', () => {
    const refs = usedByRefs(
      [
        '/1.0/instances/vm1',
        '/1.0/instances/vm%202?project=team',
        '/1.0/profiles/installer?project=p',
        '/1.0/storage-pools/x/volumes/custom/y',
      ],
      'default',
    );
    expect(refs.map(isoUserKind)).toEqual(['instance', 'instance', 'profile', 'other']);
    expect(refs.map(isoUserName)).toEqual(['vm1', 'vm 2', 'installer', 'y']);
    expect(refs.map((ref) => ref.project)).toEqual(['default', 'team', 'p', 'default']);
  });

  it('refuses deletion while in use, saying by what', () => {
    const volume = { used_by: ['/1.0/instances/vm1', '/1.0/instances/vm2', '/1.0/profiles/p1'] };
    expect(usedBySummary(usedByRefs(volume.used_by))).toBe('2 instances and 1 profile');
    expect(deleteIsoBlocker(volume, 'default')).toBe(
      'In use by 2 instances and 1 profile (vm1, vm2, p1): detach it before deleting it.',
    );
    expect(deleteIsoBlocker({ used_by: ['/1.0/instances/vm1'] }, 'default')).toBe(
      'In use by 1 instance (vm1): detach it before deleting it.',
    );
    expect(deleteIsoBlocker({ used_by: [] }, 'default')).toBeUndefined();
    expect(deleteIsoBlocker({ used_by: null }, 'default')).toBeUndefined();
  });
});

describe('ISO list helpers', () => {
  it('reads the size in bytes from config.size', () => {
    expect(isoSizeBytes({ config: { size: '2097152' } })).toBe(2097152);
    expect(isoSizeBytes({ config: { size: '10GiB' } })).toBeUndefined();
    expect(isoSizeBytes({ config: {} })).toBeUndefined();
  });

  it('searches names, pools and descriptions', () => {
    const volume = { name: 'debian', pool: 'fast', description: 'Installer' };
    expect(matchIso('DEB')(volume)).toBe(true);
    expect(matchIso('fast')(volume)).toBe(true);
    expect(matchIso('install')(volume)).toBe(true);
    expect(matchIso('ubuntu')(volume)).toBe(false);
  });
});
