/**
 * Redeeming a trust token (research/api-compat.md trap 3). The server's extensions decide where
 * the token goes, because unknown fields are silently dropped and a wrong choice only earns a
 * bare 403:
 *  - a token with a `type` on a server with `access_management_tls` → POST /1.0/auth/identities/tls
 *  - LXD with `explicit_trust_token`, and Incus → POST /1.0/certificates {type, trust_token}
 *  - LXD 5.0 (`certificate_token` only) → POST /1.0/certificates {type, password}
 */
import { LxdApiError } from '../../lxd/client';
import { hasExtension } from '../../lxd/endpoints/server';
import type { LxdServer } from '../../lxd/types/server';
import { isIdentityToken, isTokenExpired, tokenExpiry, type TrustToken } from './token';

export const EXT_ACCESS_MANAGEMENT_TLS = 'access_management_tls';
export const EXT_EXPLICIT_TRUST_TOKEN = 'explicit_trust_token';
/** Present on every Incus release and never on LXD (api-compat.md §1). */
export const EXT_INCUS_MARKER = 'dev_incus_events';

export type Enrolment =
  | { path: '/1.0/auth/identities/tls'; body: { trust_token: string } }
  | { path: '/1.0/certificates'; body: { type: 'client'; trust_token: string } }
  | { path: '/1.0/certificates'; body: { type: 'client'; password: string } };

type ServerExtensions = Pick<LxdServer, 'api_extensions'>;

export function chooseEnrolment(
  server: ServerExtensions,
  token: TrustToken,
  compactToken: string,
): Enrolment {
  if (isIdentityToken(token) && hasExtension(server, EXT_ACCESS_MANAGEMENT_TLS)) {
    return { path: '/1.0/auth/identities/tls', body: { trust_token: compactToken } };
  }
  if (hasExtension(server, EXT_EXPLICIT_TRUST_TOKEN) || hasExtension(server, EXT_INCUS_MARKER)) {
    return { path: '/1.0/certificates', body: { type: 'client', trust_token: compactToken } };
  }
  return { path: '/1.0/certificates', body: { type: 'client', password: compactToken } };
}

export const ADMIN_TOKEN_COMMAND = 'lxc config trust add --name <name>';

export const MESSAGES = {
  emptyToken: 'Paste the trust token you received from the server administrator.',
  invalidToken:
    'This is not a trust token. Paste the whole token, exactly as printed by lxc config trust add.',
  noCertificate:
    'Your browser did not present a client certificate. Import the certificate from step 1 into your browser first, then restart the browser and try again.',
  rejected: `This token was already used or is wrong. Ask the server administrator for a new one (${ADMIN_TOKEN_COMMAND}).`,
  expired: (date: string) =>
    `This token expired on ${date}. Ask the server administrator for a new one (${ADMIN_TOKEN_COMMAND}).`,
  unreachable: (detail: string) =>
    `The server could not be reached: ${detail}. Check your connection and try again.`,
} as const;

export type EnrolErrorKind = 'no-certificate' | 'expired' | 'rejected' | 'unreachable' | 'other';

export interface EnrolErrorView {
  kind: EnrolErrorKind;
  message: string;
}

function formatDate(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/** Words a person can act on, for what the server answered to a token. */
export function describeEnrolError(
  error: unknown,
  token: TrustToken | undefined,
  now: Date = new Date(),
): EnrolErrorView {
  if (error instanceof LxdApiError) {
    if (error.status === 400 && /no client certificate/i.test(error.message)) {
      return { kind: 'no-certificate', message: MESSAGES.noCertificate };
    }
    const expiry = token ? tokenExpiry(token) : undefined;
    if (token && expiry && isTokenExpired(token, now)) {
      return { kind: 'expired', message: MESSAGES.expired(formatDate(expiry)) };
    }
    if (error.status === 403) return { kind: 'rejected', message: MESSAGES.rejected };
    return { kind: 'other', message: error.message };
  }
  if (error instanceof TypeError) {
    return { kind: 'unreachable', message: MESSAGES.unreachable(error.message) };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}
