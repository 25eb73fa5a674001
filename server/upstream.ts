/**
 * How the console server reaches an LXD (its own, or each remote of server/remotes.ts, and each
 * user's identity there): a unix socket, or HTTPS with a client certificate.
 * LXD's HTTPS certificate is self-signed, so it is accepted as it is, or pinned to one PEM file.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createSecureContext, type PeerCertificate } from 'node:tls';
import type { LxdTarget } from './config';
import { ConsoleError, errorMessage } from './errors';

export interface Upstream {
  /** How the LXD is named in messages: the socket path or the URL. */
  label: string;
  /** The target for http-proxy-3 (connection details; TLS options live in the agent). */
  target: { protocol: 'http:' | 'https:'; host: string; port: number; socketPath?: string };
  agent: http.Agent;
  /** Host and Origin that make a proxied request look same-origin to LXD. */
  host: string;
  origin: string;
  /** A plain request to LXD (used by the start-up check). */
  request: (path: string, headers?: http.OutgoingHttpHeaders) => http.ClientRequest;
  close: () => void;
}

/** Host name the lxc client uses on the unix socket (http://unix.socket/1.0). */
const SOCKET_HOST = 'unix.socket';

function readPem(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new ConsoleError(`cannot read ${what} ${file}: ${errorMessage(error)}`);
  }
}

function pinnedIdentity(file: string) {
  const pem = readPem(file, 'LXD server certificate');
  let fingerprint: string;
  try {
    fingerprint = new X509Certificate(pem).fingerprint256;
  } catch {
    throw new ConsoleError(`LXD server certificate ${file} is not a PEM certificate`);
  }
  return {
    ca: pem,
    rejectUnauthorized: true,
    // The pin is the whole check: LXD's certificate names rarely match the address used.
    checkServerIdentity: (_host: string, cert: PeerCertificate): Error | undefined =>
      cert.fingerprint256 === fingerprint
        ? undefined
        : new ConsoleError(
            `LXD presented certificate ${cert.fingerprint256}, not the one in ${file} (${fingerprint})`,
          ),
  };
}

export function createUpstream(lxd: LxdTarget): Upstream {
  if (lxd.kind === 'socket') {
    const agent = new http.Agent({ keepAlive: true });
    return {
      label: lxd.path,
      target: { protocol: 'http:', host: SOCKET_HOST, port: 80, socketPath: lxd.path },
      agent,
      host: SOCKET_HOST,
      origin: `http://${SOCKET_HOST}`,
      request: (path, headers = {}) =>
        http.request({
          socketPath: lxd.path,
          path,
          agent,
          headers: { host: SOCKET_HOST, ...headers },
        }),
      close: () => agent.destroy(),
    };
  }
  const url = new URL(lxd.url);
  const cert = readPem(lxd.cert, 'LXD client certificate');
  const key = readPem(lxd.key, 'LXD client key');
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new ConsoleError(
      `LXD client certificate ${lxd.cert} and key ${lxd.key} do not fit together: ${errorMessage(error)}`,
    );
  }
  const tlsOptions = {
    cert,
    key,
    ...(lxd.serverCert === undefined
      ? { rejectUnauthorized: false }
      : pinnedIdentity(lxd.serverCert)),
  };
  const agent = new https.Agent({ keepAlive: true, ...tlsOptions });
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? 443 : Number(url.port);
  return {
    label: url.origin,
    target: { protocol: 'https:', host: hostname, port },
    agent,
    host: url.host,
    origin: url.origin,
    request: (path, headers = {}) =>
      https.request({
        host: hostname,
        port,
        path,
        agent,
        ...tlsOptions,
        headers: { host: url.host, ...headers },
      }),
    close: () => agent.destroy(),
  };
}
