import { get } from '../client';
import type { LxdIdentity } from '../types/identity';

export function fetchCurrentIdentity(signal?: AbortSignal): Promise<LxdIdentity> {
  return get<LxdIdentity>('/1.0/auth/identities/current', { recursion: 1, signal });
}
