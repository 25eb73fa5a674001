/**
 * Who the signed-in client is, read by the app shell before any screen: the current identity
 * (servers with access management) or the client's own certificate (servers without it).
 */
import { get, getWithEtag, type WithEtag } from '../client';
import type { LxdCertificate } from '../types/certificate';
import type { LxdIdentity } from '../types/identity';

export function fetchCurrentIdentity(signal?: AbortSignal): Promise<LxdIdentity> {
  return get<LxdIdentity>('/1.0/auth/identities/current', { recursion: 1, signal });
}

/** GET /1.0/certificates/{fingerprint}, keeping the ETag for a later PUT. */
export function fetchCertificate(
  fingerprint: string,
  signal?: AbortSignal,
): Promise<WithEtag<LxdCertificate>> {
  return getWithEtag<LxdCertificate>(`/1.0/certificates/${encodeURIComponent(fingerprint)}`, {
    signal,
  });
}
