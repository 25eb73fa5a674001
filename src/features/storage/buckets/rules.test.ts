import { describe, expect, it } from 'vitest';
import {
  BUCKET_MESSAGES,
  bucketConfig,
  bucketNameError,
  bucketSizeError,
  keyCreateBody,
  keyNameError,
  keyUpdateBody,
  matchBucket,
  roleLabel,
} from './rules';

describe('bucket names (LXD ValidateBucket)', () => {
  it("uses LXD's rule and message", () => {
    const message =
      'Bucket name must be between 3 and 63 lowercase letters, numbers, periods or hyphens and must start with a letter or number';
    expect(BUCKET_MESSAGES.nameFormat).toBe(message);
    for (const bad of ['', 'ab', 'Upper', '-start', '.start', 'under_score', 'a'.repeat(64)]) {
      expect(bucketNameError(bad)).toBe(message);
    }
    for (const good of ['abc', 'my-bucket.v2', '3rd', 'a'.repeat(63)]) {
      expect(bucketNameError(good)).toBeUndefined();
    }
  });

  it('must be unique in the pool', () => {
    expect(bucketNameError('photos', ['photos'])).toBe(
      'A storage bucket with this name already exists in this pool',
    );
    expect(bucketNameError('photos', ['videos'])).toBeUndefined();
  });
});

describe('bucket size', () => {
  it('is optional, a number with an optional byte unit', () => {
    expect(bucketSizeError('')).toBeUndefined();
    expect(bucketSizeError('10GiB')).toBeUndefined();
    expect(bucketSizeError('500 MB')).toBeUndefined();
    expect(bucketSizeError('1073741824')).toBeUndefined();
    expect(bucketSizeError('ten')).toBe('Enter a size such as 500MiB or 10GiB');
    expect(bucketSizeError('10XB')).toBe('Enter a size such as 500MiB or 10GiB');
  });

  it('goes in config.size only when given', () => {
    expect(bucketConfig(' 5GiB ')).toEqual({ size: '5GiB' });
    expect(bucketConfig('', { size: '1GiB', other: 'x' })).toEqual({ other: 'x' });
  });
});

describe('bucket keys', () => {
  it("need a name without slashes, not taken ('Key name is required' as LXD says)", () => {
    expect(keyNameError('')).toBe('Key name is required');
    expect(keyNameError('  ')).toBe('Key name is required');
    expect(keyNameError('a/b')).toBe('Key names may not contain slashes');
    expect(keyNameError('admin', ['admin'])).toBe('A key with this name already exists');
    expect(keyNameError('reader', ['admin'])).toBeUndefined();
  });

  it('send their own access and secret key only when given', () => {
    expect(
      keyCreateBody({
        name: ' ci ',
        role: 'read-only',
        description: 'CI',
        accessKey: '',
        secretKey: ' ',
      }),
    ).toEqual({ name: 'ci', role: 'read-only', description: 'CI' });
    expect(
      keyCreateBody({
        name: 'ci',
        role: 'admin',
        description: '',
        accessKey: 'AK',
        secretKey: 'SK',
      }),
    ).toEqual({
      name: 'ci',
      role: 'admin',
      description: '',
      'access-key': 'AK',
      'secret-key': 'SK',
    });
  });

  it('keep their credentials when edited', () => {
    const key = {
      name: 'ci',
      role: 'read-only',
      description: 'old',
      'access-key': 'AK',
      'secret-key': 'SK',
    };
    expect(keyUpdateBody(key, { role: 'admin', description: 'new' })).toEqual({
      role: 'admin',
      description: 'new',
      'access-key': 'AK',
      'secret-key': 'SK',
    });
  });

  it('show their role as Admin or Read-only', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('read-only')).toBe('Read-only');
    expect(roleLabel('custom')).toBe('custom');
  });
});

describe('bucket search', () => {
  it('matches name, description and pool', () => {
    const bucket = { name: 'photos', description: 'Family', pool: 's3pool' };
    expect(matchBucket('PHO')(bucket)).toBe(true);
    expect(matchBucket('family')(bucket)).toBe(true);
    expect(matchBucket('s3')(bucket)).toBe(true);
    expect(matchBucket('video')(bucket)).toBe(false);
  });
});
