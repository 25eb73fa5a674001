/**
 * Pure rules of storage buckets and their keys: the names LXD accepts (its own messages, from
 * `ValidateBucket` and `ValidateBucketKey`), sizes, search and display helpers.
 */
import type { PoolBucket } from '../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey, StorageBucketKeyRole } from '../../../lxd/types/storage';

export const BUCKET_EXTENSION = 'storage_buckets';

export const BUCKET_MESSAGES = {
  unsupported: 'This server does not support storage buckets.',
  noPools:
    'No storage pool here supports buckets. Buckets need a Ceph Object pool, or a local pool on servers that offer local buckets.',
  nameFormat:
    'Bucket name must be between 3 and 63 lowercase letters, numbers, periods or hyphens and must start with a letter or number',
  nameExists: 'A storage bucket with this name already exists in this pool',
  poolRequired: 'Choose a storage pool',
  size: 'Enter a size such as 500MiB or 10GiB',
  keyNameRequired: 'Key name is required',
  keyNameSlash: 'Key names may not contain slashes',
  keyNameExists: 'A key with this name already exists',
  secretOnce: 'This is the only time the secret key is shown. Copy it now and keep it safe.',
} as const;

const BUCKET_NAME = /^[a-z0-9][-.a-z0-9]{2,62}$/;

/** LXD's bucket name rule, then uniqueness in the pool (`existing`). */
export function bucketNameError(name: string, existing: readonly string[] = []) {
  if (!BUCKET_NAME.test(name)) return BUCKET_MESSAGES.nameFormat;
  if (existing.includes(name)) return BUCKET_MESSAGES.nameExists;
  return undefined;
}

const SIZE = /^\d+(\.\d+)?\s*(B|kB|MB|GB|TB|PB|EB|KiB|MiB|GiB|TiB|PiB|EiB)?$/;

/** An optional size: empty, or a number with an optional unit (LXD's byte units). */
export function bucketSizeError(size: string): string | undefined {
  const text = size.trim();
  if (text === '') return undefined;
  return SIZE.test(text) ? undefined : BUCKET_MESSAGES.size;
}

/** A key's name: required, no slash, not taken in the bucket. */
export function keyNameError(name: string, existing: readonly string[] = []) {
  if (name.trim() === '') return BUCKET_MESSAGES.keyNameRequired;
  if (name.includes('/')) return BUCKET_MESSAGES.keyNameSlash;
  if (existing.includes(name)) return BUCKET_MESSAGES.keyNameExists;
  return undefined;
}

export const KEY_ROLES: readonly { value: StorageBucketKeyRole; label: string }[] = [
  { value: 'admin', label: 'Admin (read and write)' },
  { value: 'read-only', label: 'Read-only' },
];

/** "admin" → "Admin", "read-only" → "Read-only"; other roles as LXD names them. */
export function roleLabel(role: string): string {
  if (role === 'admin') return 'Admin';
  if (role === 'read-only') return 'Read-only';
  return role;
}

/** Search: name, description or pool contains the text (any case). */
export function matchBucket(search: string) {
  const q = search.trim().toLowerCase();
  return (bucket: Pick<PoolBucket, 'name' | 'description' | 'pool'>) =>
    !q ||
    bucket.name.toLowerCase().includes(q) ||
    bucket.description.toLowerCase().includes(q) ||
    bucket.pool.toLowerCase().includes(q);
}

/** Rows are keyed by pool, member and name: each pool has its own names. */
export const bucketKey = (bucket: Pick<PoolBucket, 'name' | 'pool' | 'location'>) =>
  `${bucket.pool}/${bucket.location ?? ''}/${bucket.name}`;

export const bucketSize = (bucket: Pick<PoolBucket, 'config'>) => bucket.config.size || '-';

/** The body of a create or edit: size only when given. */
export function bucketConfig(
  size: string,
  config: Record<string, string> = {},
): Record<string, string> {
  const next = { ...config };
  const text = size.trim();
  if (text) next.size = text;
  else delete next.size;
  return next;
}

/** The key fields of a create: access and secret key only when given (LXD makes them). */
export function keyCreateBody(values: {
  name: string;
  role: string;
  description: string;
  accessKey: string;
  secretKey: string;
}) {
  return {
    name: values.name.trim(),
    role: values.role,
    description: values.description,
    ...(values.accessKey.trim() ? { 'access-key': values.accessKey.trim() } : {}),
    ...(values.secretKey.trim() ? { 'secret-key': values.secretKey.trim() } : {}),
  };
}

/** The PUT of an edited key: the keys stay as they are, role and description change. */
export function keyUpdateBody(
  key: LxdStorageBucketKey,
  values: { role: string; description: string },
) {
  return {
    role: values.role,
    description: values.description,
    'access-key': key['access-key'],
    'secret-key': key['secret-key'],
  };
}
