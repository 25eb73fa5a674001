import { describe, expect, it } from 'vitest';
import { lifecycleQueryKeys, type LifecycleEvent } from '../../shared/events/dispatcher';
import { eventInvalidations } from './invalidations';

/** The lifecycle action prefixes the product asks to invalidate cached data. */
const LIFECYCLE_PREFIXES = [
  'auth-group-',
  'config-',
  'identity-provider-group-',
  'instance-',
  'project-',
  'profile-',
  'network-',
  'storage-pool-',
  'storage-volume-',
  'image-',
];

const lifecycle = (action: string, project = 'default'): LifecycleEvent => ({
  type: 'lifecycle',
  timestamp: '2026-01-01T00:00:00Z',
  metadata: { action, source: '/1.0/x' },
  project,
});

describe('the app’s lifecycle invalidations', () => {
  it('make some cached data stale for every lifecycle prefix', () => {
    for (const prefix of LIFECYCLE_PREFIXES) {
      expect(
        lifecycleQueryKeys(lifecycle(`${prefix}updated`), eventInvalidations),
        prefix,
      ).not.toEqual([]);
    }
  });

  it.each([
    'auth-group-created',
    'auth-group-updated',
    'auth-group-renamed',
    'auth-group-deleted',
    'identity-created',
    'identity-updated',
    'identity-deleted',
    'identity-provider-group-created',
    'identity-provider-group-deleted',
    'certificate-created',
    'certificate-deleted',
  ])('refresh the permissions screens and the signed-in identity on %s', (action) => {
    expect(lifecycleQueryKeys(lifecycle(action, ''), eventInvalidations)).toContainEqual([
      'permissions',
    ]);
  });
});
