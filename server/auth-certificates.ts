/**
 * Who a client certificate says the client is: a certificate the CA (--auth-client-ca) signed,
 * named by its subject CN, or one listed by fingerprint (--auth-client-fingerprints) while its
 * dates hold. Any other certificate is untrusted; no certificate says nothing.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AuthSettings } from './auth-settings';

export type Identified = { kind: 'user'; name: string } | { kind: 'untrusted' } | { kind: 'none' };

/** Whether `time` lies within the certificate's notBefore … notAfter. */
function validAt(cert: { valid_from?: string; valid_to?: string }, time: number): boolean {
  const from = Date.parse(cert.valid_from ?? '');
  const to = Date.parse(cert.valid_to ?? '');
  return Number.isFinite(from) && Number.isFinite(to) && from <= time && time <= to;
}

export function createCertificateCheck(
  settings: AuthSettings,
  now: () => number,
): (req: IncomingMessage) => Identified {
  const byCertificate = settings.clientCa !== undefined || settings.fingerprints !== undefined;
  return (req) => {
    if (!byCertificate) return { kind: 'none' };
    const socket = req.socket as Partial<TLSSocket>;
    if (typeof socket.getPeerCertificate !== 'function') return { kind: 'none' };
    // Without a client certificate Node answers an empty object.
    const cert = socket.getPeerCertificate() as Partial<
      ReturnType<TLSSocket['getPeerCertificate']>
    >;
    if (!Buffer.isBuffer(cert.raw) || cert.raw.length === 0) return { kind: 'none' };
    if (settings.clientCa !== undefined && socket.authorized === true) {
      const cn = cert.subject?.CN as unknown;
      const name: unknown = Array.isArray(cn) ? (cn as unknown[])[0] : cn;
      if (typeof name === 'string' && name !== '') return { kind: 'user', name };
    }
    const fingerprint = createHash('sha256').update(cert.raw).digest('hex');
    const listed = settings.fingerprints?.get(fingerprint);
    // Listed, but only while it is valid (OpenSSL checks the dates of CA-signed ones itself).
    if (listed !== undefined && validAt(cert, now())) return { kind: 'user', name: listed };
    return { kind: 'untrusted' };
  };
}
