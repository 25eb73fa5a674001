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
import type { ProductNames } from '../../lxd/product';
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

/** The server's command-line client: `lxc` (LXD) or `incus` (clientCommand in lxd/product.ts). */
export type ClientCommand = ProductNames['client'];

/**
 * The command an administrator runs to make a trust token for a new client: LXD names it with
 * `--name`, Incus takes the name as an argument (`incus config trust add [<remote>:]<name>`).
 */
export function adminTokenCommand(client: ClientCommand = 'lxc'): string {
  return client === 'incus'
    ? 'incus config trust add <name>'
    : 'lxc config trust add --name <name>';
}

/** LXD's token command. */
export const ADMIN_TOKEN_COMMAND = adminTokenCommand('lxc');

/** The sign-in's messages about tokens, naming the server's own client (`lxc` or `incus`). */
export function enrolMessages(client: ClientCommand = 'lxc') {
  const command = adminTokenCommand(client);
  return {
    emptyToken: 'Paste the trust token you received from the server administrator.',
    invalidToken: `This is not a trust token. Paste the whole token, exactly as printed by ${client} config trust add.`,
    noCertificate:
      'Your browser did not present a client certificate. Import the certificate from step 1 into your browser first, then restart the browser and try again.',
    rejected: `This token was already used or is wrong. Ask the server administrator for a new one (${command}).`,
    expired: (date: string) =>
      `This token expired on ${date}. Ask the server administrator for a new one (${command}).`,
    unreachable: (detail: string) =>
      `The server could not be reached: ${detail}. Check your connection and try again.`,
  } as const;
}

/** The messages on LXD. */
export const MESSAGES = enrolMessages('lxc');

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

/**
 * Words a person can act on, for what the server answered to a token; a new token is asked for
 * with the server's own client (`client`, LXD's `lxc` by default).
 */
export function describeEnrolError(
  error: unknown,
  token: TrustToken | undefined,
  now: Date = new Date(),
  client: ClientCommand = 'lxc',
): EnrolErrorView {
  const messages = enrolMessages(client);
  if (error instanceof LxdApiError) {
    if (error.status === 400 && /no client certificate/i.test(error.message)) {
      return { kind: 'no-certificate', message: messages.noCertificate };
    }
    const expiry = token ? tokenExpiry(token) : undefined;
    if (token && expiry && isTokenExpired(token, now)) {
      return { kind: 'expired', message: messages.expired(formatDate(expiry)) };
    }
    if (error.status === 403) return { kind: 'rejected', message: messages.rejected };
    return { kind: 'other', message: error.message };
  }
  if (error instanceof TypeError) {
    return { kind: 'unreachable', message: messages.unreachable(error.message) };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}
