import { get } from '../client';
import type { LxdCertificate, LxdIdentity } from '../types/identity';

export function fetchCurrentIdentity(signal?: AbortSignal): Promise<LxdIdentity> {
  return get<LxdIdentity>('/1.0/auth/identities/current', { recursion: 1, signal });
}

export function fetchCertificate(
  fingerprint: string,
  signal?: AbortSignal,
): Promise<LxdCertificate> {
  return get<LxdCertificate>(`/1.0/certificates/${encodeURIComponent(fingerprint)}`, { signal });
}
