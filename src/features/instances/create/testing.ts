/** Test data shared by the create page's tests. */
import type { LxdImage } from '../../../lxd/types/image';

/** A local image of the project as GET /1.0/images?recursion=1 lists it. */
export function localImage(fingerprint: string, over: Partial<LxdImage> = {}): LxdImage {
  return {
    fingerprint,
    type: 'container',
    aliases: [],
    properties: {},
    architecture: 'x86_64',
    size: 1036171,
    public: false,
    filename: 'x.tar.gz',
    auto_update: false,
    cached: false,
    created_at: '2023-11-14T22:13:20Z',
    uploaded_at: '2026-11-22T07:23:07Z',
    last_used_at: '0001-01-01T00:00:00Z',
    expires_at: '1970-01-01T00:00:00Z',
    ...over,
  };
}

/** The answer to GET /1.0/profiles?recursion=1: a default profile with a root disk. */
export const DEFAULT_PROFILES = {
  metadata: [
    {
      name: 'default',
      config: {},
      description: '',
      devices: { root: { type: 'disk', path: '/', pool: 'default' } },
    },
  ],
};
