/**
 * Where /console/simplestreams (server/simplestreams.ts) may connect: never to an internal
 * address (loopback, private, link-local, unspecified, CGNAT, multicast, broadcast, reserved,
 * and IPv6 forms that carry such an IPv4 address), unless the operator allowed that address
 * (`--simplestreams-allow`). A host name is resolved once, every address it resolves to is
 * checked, and the request connects to those checked addresses only (a `lookup` that answers
 * with them), so a name that resolves differently a moment later (DNS rebinding) gains nothing.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { ConsoleError } from './errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (dns.lookup with all: true by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

function ipv4Bytes(text: string): number[] | undefined {
  return net.isIPv4(text) ? text.split('.').map(Number) : undefined;
}

/** The 16 bytes of an IPv6 address (a zone such as %eth0 is ignored), or undefined. */
function ipv6Bytes(raw: string): number[] | undefined {
  let text = raw.replace(/%.*$/, '');
  if (!net.isIPv6(text)) return undefined;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  const tail = dotted === undefined ? undefined : ipv4Bytes(dotted);
  if (dotted !== undefined) text = `${text.slice(0, -dotted.length)}0:0`;
  const [head = '', rest] = text.split('::');
  const before = head === '' ? [] : head.split(':');
  const after = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups =
    rest === undefined
      ? before
      : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  const bytes = groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : undefined;
}

/** The bytes of an IPv4 or IPv6 address, or undefined for anything else. */
export function addressBytes(text: string): number[] | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  return ipv4Bytes(bare) ?? ipv6Bytes(bare);
}

type Range = readonly [bytes: number[], bits: number];

function range(cidr: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return [bytes, Number(bits)];
}

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const INTERNAL_V4 = [
  '0.0.0.0/8', // "this network", 0.0.0.0 included
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata services
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, 255.255.255.255 (broadcast) included
].map(range);

const INTERNAL_V6 = [
  '::/128',
  '::1/128',
  '100::/64', // discard
  '2001::/32', // Teredo: the IPv4 address inside is obfuscated
  '2001:db8::/32',
  '64:ff9b:1::/48', // local-use NAT64
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
].map(range);

/** IPv6 forms that carry an IPv4 address: checked as that address. [range, first byte of it] */
const CARRIES_V4: readonly (readonly [Range, number])[] = [
  [range('::ffff:0:0/96'), 12], // IPv4-mapped
  [range('::/96'), 12], // IPv4-compatible (deprecated)
  [range('::ffff:0:0:0/96'), 12], // SIIT
  [range('64:ff9b::/96'), 12], // NAT64
  [range('2002::/16'), 2], // 6to4
];

/** True for an address the console server must not connect to on a user's behalf. */
export function isInternalAddress(text: string): boolean {
  const bytes = addressBytes(text);
  if (!bytes) return true; // not an address at all: refuse rather than guess
  if (bytes.length === 4) return INTERNAL_V4.some((r) => inRange(bytes, r));
  if (INTERNAL_V6.some((r) => inRange(bytes, r))) return true;
  for (const [carrier, at] of CARRIES_V4) {
    if (inRange(bytes, carrier) && INTERNAL_V4.some((r) => inRange(bytes.slice(at, at + 4), r))) {
      return true;
    }
  }
  return false;
}

/** An address (any port when port is undefined) the operator allows although it is internal. */
export interface AllowedAddress {
  bytes: number[];
  port?: number;
}

/**
 * Parses `--simplestreams-allow` entries: `ADDRESS` or `ADDRESS:PORT`, IPv6 in brackets when a
 * port follows (`[::1]:8080`). Only IP addresses: a name could resolve anywhere.
 */
export function parseAllowList(entries: readonly string[]): AllowedAddress[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(entry);
    const address = match?.[1] ?? match?.[2] ?? entry;
    const bytes = addressBytes(address);
    const port = match?.[3] === undefined ? undefined : Number(match[3]);
    if (!bytes || (port !== undefined && (port < 1 || port > 65535))) {
      throw new ConsoleError(
        `--simplestreams-allow takes IP addresses as ADDRESS or ADDRESS:PORT ([IPv6]:PORT), not "${raw}"`,
      );
    }
    return port === undefined ? { bytes } : { bytes, port };
  });
}

function isAllowed(address: string, port: number, allow: readonly AllowedAddress[]): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  const key = bytes.join('.');
  return allow.some(
    (entry) => entry.bytes.join('.') === key && (entry.port === undefined || entry.port === port),
  );
}

export function urlPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses the URL's host may be reached at, all of them checked, or why not (a detail
 * for the server's log, never for the browser).
 */
export async function checkTarget(
  url: URL,
  resolve: Resolver,
  allow: readonly AllowedAddress[],
): Promise<{ addresses: ResolvedAddress[] } | { refused: string }> {
  const host = bareHost(url);
  const port = urlPort(url);
  const family = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      return { refused: `${host} does not resolve (${typeof code === 'string' ? code : 'error'})` };
    }
  }
  if (addresses.length === 0) return { refused: `${host} resolves to no address` };
  for (const { address } of addresses) {
    if (isInternalAddress(address) && !isAllowed(address, port, allow)) {
      return {
        refused: `${host} is at ${address}, an internal address (allow it with --simplestreams-allow ${address.includes(':') ? `[${address}]` : address}:${String(port)})`,
      };
    }
  }
  return { addresses };
}

/** A lookup that answers with the checked addresses only, whatever DNS says by now. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const usable = addresses.filter((a) => wanted === undefined || a.family === wanted);
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address'), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    if (options.all === true) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

export interface GetOptions {
  signal: AbortSignal;
  /** Extra trusted CA certificates (PEM) for https image servers: for tests. */
  ca?: string | undefined;
}

/**
 * GET of one URL at the checked addresses, with no header of the browser's; resolves with the
 * response (headers read), rejects on a connection or TLS failure.
 */
export function getAt(
  url: URL,
  addresses: readonly ResolvedAddress[],
  { signal, ca }: GetOptions,
): Promise<http.IncomingMessage> {
  const secure = url.protocol === 'https:';
  const host = bareHost(url);
  const options: https.RequestOptions = {
    protocol: url.protocol,
    hostname: host,
    port: urlPort(url),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { Accept: 'application/json', Host: url.host },
    // A connection of its own each time: a pooled socket may have been opened for another check.
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
    ...(secure && net.isIP(host) === 0 ? { servername: host } : {}),
    ...(secure && ca !== undefined ? { ca } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(options, resolve);
    request.once('error', reject);
    request.end();
  });
}
