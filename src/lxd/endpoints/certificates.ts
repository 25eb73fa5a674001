/**
 * The trust store of servers without access management (LXD 5.0, Incus; the LXD reference,
 * doc/rest-api.yaml: /1.0/certificates). Trust tokens are operations of class "token" in the
 * default project, as `lxc config trust add`, `list-tokens` and `revoke-token` use them.
 */
import { del, get, post, put } from '../client';
import type { EventWebSocket, EventWebSocketConstructor } from '../events';
import { websocketUrl } from '../remote';
import type {
  LxdCertificate,
  LxdCertificatePut,
  LxdCertificateTokenMetadata,
  LxdCertificateTokenRequest,
} from '../types/certificate';
import type { LxdOperation, LxdOperationList } from '../types/operation';
import { encodeTrustToken } from './auth';

export const certificatePath = (fingerprint: string) =>
  `/1.0/certificates/${encodeURIComponent(fingerprint)}`;

/** GET /1.0/certificates?recursion=1 */
export async function fetchCertificates(signal?: AbortSignal): Promise<LxdCertificate[]> {
  return (await get<LxdCertificate[] | null>('/1.0/certificates', { recursion: 1, signal })) ?? [];
}

/** In identities.ts: the app shell reads the signed-in certificate without the rest of this file. */
export { fetchCertificate } from './identities';

/** The PUT body of a certificate with `changes` applied: every writable field, as LXD wants it. */
export function certificatePut(
  certificate: LxdCertificate,
  changes: Partial<Pick<LxdCertificatePut, 'name' | 'restricted' | 'projects'>> = {},
): LxdCertificatePut {
  const body: LxdCertificatePut = {
    name: changes.name ?? certificate.name,
    type: certificate.type,
    restricted: changes.restricted ?? certificate.restricted,
    projects: changes.projects ?? certificate.projects ?? [],
    certificate: certificate.certificate,
  };
  // Incus keeps a description; leaving it out of a PUT would clear it.
  if (certificate.description !== undefined) body.description = certificate.description;
  return body;
}

/** PUT /1.0/certificates/{fingerprint} with If-Match when the ETag is known (412 = changed). */
export async function updateCertificate(
  fingerprint: string,
  body: LxdCertificatePut,
  etag: string | undefined,
): Promise<void> {
  await put(certificatePath(fingerprint), body, { etag });
}

/** DELETE /1.0/certificates/{fingerprint}: the client can no longer connect. */
export async function deleteCertificate(fingerprint: string): Promise<void> {
  await del(certificatePath(fingerprint));
}

/** LXD's zero time, which `lxc` writes into tokens that never expire. */
const NEVER = '0001-01-01T00:00:00Z';

function isTokenMetadata(value: unknown): value is LxdCertificateTokenMetadata {
  if (typeof value !== 'object' || value === null) return false;
  const meta = value as Partial<Record<keyof LxdCertificateTokenMetadata, unknown>>;
  const request = meta.request as { name?: unknown } | null | undefined;
  return (
    typeof meta.secret === 'string' &&
    typeof meta.fingerprint === 'string' &&
    Array.isArray(meta.addresses) &&
    typeof request === 'object' &&
    request !== null &&
    typeof request.name === 'string'
  );
}

/**
 * The token a client redeems, built from a token operation's metadata exactly as `lxc config
 * trust add` prints it (api.CertificateAddToken: base64 of {client_name, fingerprint, addresses,
 * secret, expires_at}, the zero time when it never expires).
 */
export function certificateToken(metadata: LxdCertificateTokenMetadata): string {
  return encodeTrustToken({
    client_name: metadata.request.name,
    fingerprint: metadata.fingerprint,
    addresses: metadata.addresses,
    secret: metadata.secret,
    expires_at: metadata.expiresAt ?? NEVER,
  });
}

export interface CreatedCertificateToken {
  /** What the client redeems (`lxc remote add <remote> <token>`, or the console's login). */
  token: string;
  /** The operation that holds the token until it is used or revoked. */
  operationId: string;
  /** When the token stops working, when the server sets an expiry. */
  expiresAt: string | undefined;
}

/**
 * POST /1.0/certificates {name, type: client, token: true, restricted, projects}: LXD answers an
 * operation of class "token" whose metadata carries the secret.
 */
export async function createCertificateToken(input: {
  name: string;
  restricted: boolean;
  projects: readonly string[];
}): Promise<CreatedCertificateToken> {
  const body: LxdCertificateTokenRequest = {
    name: input.name,
    type: 'client',
    token: true,
    restricted: input.restricted,
    projects: input.restricted ? [...input.projects] : [],
  };
  const answer = await post<LxdOperation | null>('/1.0/certificates', body);
  const operation = answer.metadata;
  if (!operation || !isTokenMetadata(operation.metadata)) {
    throw new Error('The server did not return a token');
  }
  return {
    token: certificateToken(operation.metadata),
    operationId: operation.id,
    expiresAt: operation.metadata.expiresAt,
  };
}

/** A trust token not used yet (`lxc config trust list-tokens`). */
export interface PendingCertificateToken {
  operationId: string;
  name: string;
  restricted: boolean;
  projects: string[];
  createdAt: string;
  /** Absent when the token never expires. */
  expiresAt: string | undefined;
}

/** The running certificate-add token operations; cluster join tokens and others are left out. */
export function pendingTokens(
  list: LxdOperationList | null | undefined,
): PendingCertificateToken[] {
  const tokens: PendingCertificateToken[] = [];
  for (const operation of list?.running ?? []) {
    if (operation.class !== 'token' || operation.status !== 'Running') continue;
    const metadata = operation.metadata;
    if (!isTokenMetadata(metadata)) continue;
    tokens.push({
      operationId: operation.id,
      name: metadata.request.name,
      restricted: metadata.request.restricted === true,
      projects: metadata.request.projects ?? [],
      createdAt: operation.created_at,
      expiresAt: metadata.expiresAt,
    });
  }
  return tokens;
}

/** GET /1.0/operations?recursion=1: tokens live in the default project, the server's default. */
export async function fetchPendingTokens(signal?: AbortSignal): Promise<PendingCertificateToken[]> {
  return pendingTokens(
    await get<LxdOperationList | null>('/1.0/operations', { recursion: 1, signal }),
  );
}

/** DELETE /1.0/operations/{id}: the token can no longer be redeemed. */
export async function revokePendingToken(operationId: string): Promise<void> {
  await del(`/1.0/operations/${encodeURIComponent(operationId)}`);
}

/** The server reports the caller (`auth_user_name`, `auth_user_method`) with this extension. */
export const EXT_AUTH_USER = 'auth_user';
const LOGGING_PATH = '/1.0/events?type=logging';
export const WHOAMI_TIMEOUT_MS = 5000;

interface LoggingEvent {
  type?: string;
  metadata?: { message?: string; context?: Record<string, string> };
}

/**
 * The fingerprint of the caller's certificate on a server without `auth_user` (LXD 5.0.2), which
 * does not say who is asking. LXD logs "Handling API request" with the caller's name for every
 * trusted request and sends that log line to administrators who listen to `logging` events; so
 * this listens, makes one marked request, and reads the name on its log line. Nothing changes
 * on the server. Undefined when the answer is not a certificate (the unix socket), when the
 * caller may not listen to logs (restricted certificates), or after `timeoutMs`.
 */
export function probeOwnFingerprint(
  options: {
    WebSocketImpl?: EventWebSocketConstructor;
    origin?: Pick<Location, 'protocol' | 'host'>;
    timeoutMs?: number;
  } = {},
): Promise<string | undefined> {
  const Impl =
    options.WebSocketImpl ??
    (typeof WebSocket === 'undefined'
      ? undefined
      : (WebSocket as unknown as EventWebSocketConstructor));
  if (!Impl) return Promise.resolve(undefined);
  const marker = `console-whoami-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const url = websocketUrl(LOGGING_PATH, { origin: options.origin });

  return new Promise((resolve) => {
    let socket: EventWebSocket | undefined;
    const finish = (fingerprint: string | undefined) => {
      clearTimeout(timer);
      if (socket) {
        socket.onmessage = null;
        socket.onerror = null;
        socket.onclose = null;
        socket.close();
      }
      resolve(fingerprint);
    };
    const timer = setTimeout(() => {
      finish(undefined);
    }, options.timeoutMs ?? WHOAMI_TIMEOUT_MS);
    try {
      socket = new Impl(url);
    } catch {
      finish(undefined);
      return;
    }
    socket.onerror = () => {
      finish(undefined);
    };
    socket.onclose = () => {
      finish(undefined);
    };
    socket.onopen = () => {
      get('/1.0', { params: { [marker]: 1 } }).catch(() => undefined);
    };
    socket.onmessage = ({ data }) => {
      let event: LoggingEvent;
      try {
        event = JSON.parse(String(data)) as LoggingEvent;
      } catch {
        return;
      }
      const context = event.metadata?.context;
      if (event.metadata?.message !== 'Handling API request' || !context?.url?.includes(marker)) {
        return;
      }
      finish(context.protocol === 'tls' && context.username ? context.username : undefined);
    };
  });
}
