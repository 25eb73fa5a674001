/**
 * Image servers the user adds to the picker (name and URL), kept in this browser's localStorage
 * as `lxd-console.image-servers`.
 */
import { DEFAULT_SERVERS, type RemoteServer } from './simplestreams';

export const IMAGE_SERVERS_KEY = 'lxd-console.image-servers';

export const SERVER_NAME_EMPTY = 'Enter a name for the server';
export const SERVER_URL_INVALID = 'Enter the server URL, starting with http:// or https://';

export function serverNameTaken(name: string): string {
  return `An image server named ${name} is already listed`;
}

export function serverUrlTaken(url: string): string {
  return `${url} is already listed`;
}

function isServer(value: unknown): value is RemoteServer {
  const item = value as Partial<RemoteServer> | null;
  return typeof item?.name === 'string' && typeof item.url === 'string';
}

export function loadUserServers(): RemoteServer[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(IMAGE_SERVERS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isServer) : [];
  } catch {
    return [];
  }
}

export function saveUserServers(servers: readonly RemoteServer[]): void {
  try {
    localStorage.setItem(IMAGE_SERVERS_KEY, JSON.stringify(servers));
  } catch {
    // Storage full or disabled: the list lasts until the page is left.
  }
}

/** The URL without trailing slashes (LXD's source.server form). */
export function normalizeUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The problems of a server to add, by field. */
export function serverProblems(
  server: RemoteServer,
  listed: readonly RemoteServer[],
): Partial<Record<keyof RemoteServer, string>> {
  const problems: Partial<Record<keyof RemoteServer, string>> = {};
  const name = server.name.trim();
  const url = normalizeUrl(server.url);
  const all = [...DEFAULT_SERVERS, ...listed];
  if (name === '') problems.name = SERVER_NAME_EMPTY;
  else if (all.some((item) => item.name.toLowerCase() === name.toLowerCase())) {
    problems.name = serverNameTaken(name);
  }
  let valid = false;
  try {
    const parsed = new URL(url);
    valid = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    valid = false;
  }
  if (!valid) problems.url = SERVER_URL_INVALID;
  else if (all.some((item) => normalizeUrl(item.url) === url)) problems.url = serverUrlTaken(url);
  return problems;
}
