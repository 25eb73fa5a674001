/**
 * Trust tokens as printed by `lxc config trust add`: base64 of a JSON object with
 * `client_name`, `fingerprint` (the server's), `addresses`, `secret`, `expires_at` and, for the
 * fine-grained TLS identities of newer LXD, `type`.
 */

/** LXD writes this date when a token never expires (spec §9: the zero date means empty). */
export const ZERO_DATE = '0001-01-01T00:00:00Z';

export interface TrustToken {
  client_name?: string;
  fingerprint?: string;
  addresses?: string[];
  secret: string;
  expires_at?: string;
  /** Set only on tokens for `POST /1.0/auth/identities/tls`. */
  type?: string;
}

/** What the user pasted, without line breaks or spaces (a token never contains them). */
export function compactToken(raw: string): string {
  return raw.replace(/\s+/g, '');
}

function decodeBase64(text: string): string | undefined {
  // Accept the standard and the URL-safe alphabet, with or without padding.
  const normalised = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalised)) return undefined;
  const padded = normalised.padEnd(Math.ceil(normalised.length / 4) * 4, '=');
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The token's fields, or undefined when the text is not a trust token. */
export function decodeTrustToken(raw: string): TrustToken | undefined {
  const compact = compactToken(raw);
  if (!compact) return undefined;
  const json = decodeBase64(compact);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.secret !== 'string' || !value.secret) return undefined;
  const token: TrustToken = { secret: value.secret };
  if (typeof value.client_name === 'string') token.client_name = value.client_name;
  if (typeof value.fingerprint === 'string') token.fingerprint = value.fingerprint;
  if (Array.isArray(value.addresses)) {
    token.addresses = value.addresses.filter((item): item is string => typeof item === 'string');
  }
  if (typeof value.expires_at === 'string') token.expires_at = value.expires_at;
  if (typeof value.type === 'string') token.type = value.type;
  return token;
}

/** The expiry date, or undefined when the token never expires (zero date, missing, unreadable). */
export function tokenExpiry(token: TrustToken): Date | undefined {
  const value = token.expires_at;
  if (!value || value === ZERO_DATE || value.startsWith('0001-01-01')) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function isTokenExpired(token: TrustToken, now: Date = new Date()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== undefined && expiry.getTime() <= now.getTime();
}

/** A fine-grained TLS identity token (LXD 5.21.3+/6.2+): its JSON carries a `type` field. */
export function isIdentityToken(token: TrustToken): boolean {
  return token.type !== undefined && token.type !== '';
}
