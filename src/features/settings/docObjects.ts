/**
 * The documentation's object inventory (GET /documentation/objects.inv.txt, the text form of
 * Sphinx's objects.inv) turned into links for server config keys. Served from LXD 5.20 on
 * (spec §9: documentation objects from 5.20).
 *
 * Format: a line per object type at column 0 (`config:option`, `std:label`, …), then one
 * indented line per object: `<name> [<display name>: ]<uri>`. Server options are named
 * `server-<section>:<key>`.
 */

import { serverKind } from '../../lxd/product';
import { remotePath } from '../../lxd/remote';
import type { LxdServer } from '../../lxd/types/server';

export const DOCUMENTATION_BASE = '/documentation/';
export const DOCUMENTATION_OBJECTS_FROM = { major: 5, minor: 20 } as const;

/** Whether the server serves the documentation objects: LXD from 5.20 (not Incus). */
export function hasDocumentationObjects(
  server: Pick<LxdServer, 'api_extensions' | 'environment'>,
): boolean {
  if (serverKind(server) !== 'lxd') return false;
  const match = /^(\d+)\.(\d+)/.exec(server.environment?.server_version ?? '');
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  const from = DOCUMENTATION_OBJECTS_FROM;
  return major > from.major || (major === from.major && minor >= from.minor);
}

function entryUri(rest: string): string {
  const separator = rest.lastIndexOf(': ');
  if (separator >= 0) return rest.slice(separator + 2).trim();
  const parts = rest.trim().split(/\s+/);
  return parts[parts.length - 1] ?? '';
}

/** Server option key → documentation path (relative to the documentation root). */
export function parseDocObjects(text: string): Map<string, string> {
  const links = new Map<string, string>();
  let type = '';
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      type = line.trim();
      continue;
    }
    if (!type.endsWith(':option')) continue;
    const body = line.trim();
    const space = body.search(/\s/);
    const name = space === -1 ? body : body.slice(0, space);
    const colon = name.lastIndexOf(':');
    if (colon <= 0 || !name.startsWith('server-')) continue;
    const key = name.slice(colon + 1);
    const uri = entryUri(space === -1 ? '' : body.slice(space));
    if (key && uri && !links.has(key)) links.set(key, uri);
  }
  return links;
}

/** The documentation link of a server key (on the page's remote), if the inventory has it. */
export function docLink(links: ReadonlyMap<string, string>, key: string): string | undefined {
  const uri = links.get(key);
  if (!uri) return undefined;
  if (/^https?:\/\//.test(uri)) return uri;
  return remotePath(`${DOCUMENTATION_BASE}${uri.replace(/^\/+/, '')}`);
}
