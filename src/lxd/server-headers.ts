/**
 * The headers that carry a request's or answer's details outside its body: LXD names them
 * `X-LXD-*` (a file's type and mode, an upload's name, pool or visibility), Incus, its fork,
 * `X-Incus-*` and reads only those. The console writes each under both names (each server
 * ignores the other's) and reads either, so transfers work on both without asking which server
 * it is talking to.
 */
const LXD_PREFIX = 'x-lxd-';
const INCUS_PREFIX = 'X-Incus-';

/** The same headers, each `X-LXD-<name>` also as `X-Incus-<name>`. */
export function withServerTwins(headers: Record<string, string>): Record<string, string> {
  const twins: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase().startsWith(LXD_PREFIX)) {
      twins[`${INCUS_PREFIX}${name.slice(LXD_PREFIX.length)}`] = value;
    }
  }
  return { ...headers, ...twins };
}

/** Adds the `X-Incus-*` twin of each `X-LXD-*` header in place. */
export function addServerTwins(headers: Headers): void {
  const twins: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name.startsWith(LXD_PREFIX)) twins.push([`${INCUS_PREFIX}${name.slice(6)}`, value]);
  });
  for (const [name, value] of twins) headers.set(name, value);
}

/** An answer's `X-LXD-<name>` header, or Incus's `X-Incus-<name>`; null when it has neither. */
export function serverHeader(headers: Headers, name: string): string | null {
  return headers.get(`X-LXD-${name}`) ?? headers.get(`${INCUS_PREFIX}${name}`);
}
