import type { LxdDevice } from './instance';

export interface LxdProfile {
  name: string;
  description: string;
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
  /** URLs of the instances (and other objects) using the profile. */
  used_by?: string[];
  /** Present on newer servers. */
  project?: string;
  access_entitlements?: string[];
  etag?: string;
}

/** The writable fields of a profile (PUT /1.0/profiles/{name}). */
export interface LxdProfilePut {
  description: string;
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
}

/** The body of POST /1.0/profiles. */
export interface LxdProfilesPost extends LxdProfilePut {
  name: string;
}
