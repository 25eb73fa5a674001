/** Spec §5 network rules: IP addresses, port lists and network equality. */
import ipaddr from 'ipaddr.js';

export const MAX_PORT_ENTRIES = 10;
export const MIN_PORT = 1;
export const MAX_PORT = 65535;

/** An IPv4 or IPv6 address, the IPv6 one with an optional zone (`fe80::1%eth0`). */
export function isValidIpAddress(value: string): boolean {
  const text = value.trim();
  if (text === '') return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return true;
  const percent = text.indexOf('%');
  const address = percent === -1 ? text : text.slice(0, percent);
  const zone = percent === -1 ? undefined : text.slice(percent + 1);
  if (zone !== undefined && !/^[A-Za-z0-9_.-]+$/.test(zone)) return false;
  return ipaddr.IPv6.isValid(address);
}

export const IP_ADDRESS_INVALID = 'Invalid IP address';
export const PORTS_TOO_MANY = `At most ${MAX_PORT_ENTRIES} ports or port ranges are allowed`;
export const PORTS_INVALID = `Ports must be numbers from ${MIN_PORT} to ${MAX_PORT}, separated by commas, ranges with a dash (80,443,8000-8080)`;
export const PORT_RANGE_ORDER = 'A port range must start with the lower port';

function isPort(text: string): boolean {
  if (!/^\d{1,5}$/.test(text)) return false;
  const port = Number(text);
  return port >= MIN_PORT && port <= MAX_PORT;
}

/**
 * A port list as LXD takes it in forwards and proxy devices: up to 10 ports or ranges,
 * separated by commas, a range by a dash, each port 1 to 65535. Returns the message, or
 * undefined when valid.
 */
export function portListError(value: string): string | undefined {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) return PORTS_INVALID;
  if (entries.length > MAX_PORT_ENTRIES) return PORTS_TOO_MANY;
  for (const entry of entries) {
    const parts = entry.split('-').map((part) => part.trim());
    if (parts.length > 2 || !parts.every(isPort)) return PORTS_INVALID;
    if (parts.length === 2 && Number(parts[0]) > Number(parts[1])) return PORT_RANGE_ORDER;
  }
  return undefined;
}

export interface NetworkLike {
  name: string;
  type?: string;
  description?: string;
  config: Record<string, string | undefined>;
}

const AUTO_KEYS = new Set(['ipv4.address', 'ipv6.address']);

/** Config without unset keys, and without ipv4/ipv6 addresses whose value is 'auto'. */
function comparableConfig(config: NetworkLike['config']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (AUTO_KEYS.has(key) && value === 'auto') continue;
    out[key] = value;
  }
  return out;
}

/**
 * Whether two networks are the same for a form's "unchanged" check: 'auto' ipv4/ipv6 addresses
 * are ignored (the server replaces them with the address it picked).
 */
export function networksEqual(a: NetworkLike, b: NetworkLike): boolean {
  if (a.name !== b.name || (a.type ?? '') !== (b.type ?? '')) return false;
  if ((a.description ?? '') !== (b.description ?? '')) return false;
  const left = comparableConfig(a.config);
  const right = comparableConfig(b.config);
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (left[key] !== right[key]) return false;
  return true;
}
