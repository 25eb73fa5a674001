import { describe, expect, it } from 'vitest';
import {
  EXPIRY_IN_PAST,
  SNAPSHOT_NAME_EMPTY,
  SNAPSHOT_NAME_EXISTS,
  SNAPSHOT_NAME_SLASH,
  expiryError,
  expiryToIso,
  snapshotNameError,
} from './snapshots';

describe('snapshot names', () => {
  it('may be empty on create, not on rename', () => {
    expect(snapshotNameError('', [], { required: false })).toBeUndefined();
    expect(snapshotNameError(' ', [], { required: true })).toBe(SNAPSHOT_NAME_EMPTY);
  });

  it('must not contain a slash or repeat another snapshot', () => {
    expect(snapshotNameError('a/b', [], { required: true })).toBe(SNAPSHOT_NAME_SLASH);
    expect(snapshotNameError('snap0', ['snap0'], { required: false })).toBe(SNAPSHOT_NAME_EXISTS);
    expect(snapshotNameError('snap0', ['snap0'], { required: true, current: 'snap0' })).toBe(
      undefined,
    );
  });
});

describe('expiry', () => {
  it('turns a local date into RFC 3339 and rejects the past', () => {
    expect(expiryToIso('')).toBeUndefined();
    expect(expiryToIso('2030-01-02T03:04')).toMatch(/^2030-01-0\dT\d\d:04:00\.000Z$/);
    const now = new Date('2030-01-01T00:00:00Z');
    expect(expiryError('2020-01-01T00:00', now)).toBe(EXPIRY_IN_PAST);
    expect(expiryError('2031-01-01T00:00', now)).toBeUndefined();
    expect(expiryError('', now)).toBeUndefined();
  });
});
