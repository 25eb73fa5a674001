/**
 * The remotes: the LXD of --lxd-socket or --lxd-url (the default one, named by --lxd-name, else
 * "local"), then those of the --remotes file in its order:
 *   {"remotes": {"incus": {"url": "https://10.0.0.2:8443", "cert": "console.crt",
 *                          "key": "console.key", "serverCert": "incus.crt"},
 *                "other": {"socket": "/var/lib/lxd/unix.socket"}}}
 * Relative paths are relative to the file. "serverCert" (optional) pins the server's
 * certificate, as --lxd-server-cert does. Each remote is reached at /remote/<name>/1.0.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConsoleConfig, LxdTarget } from './config-types';
import { checkKeyPair } from './identities-file';
import { isObject, readJsonFile, refuseUnknownKeys, type JsonFile } from './json-file';

export const DEFAULT_REMOTE_NAME = 'local';

/** What a remote may be called: it is a segment of /remote/<name>/… and of the console's URLs. */
export const REMOTE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const REMOTE_NAME_RULE =
  'lower-case letters, digits and "-", at most 63, starting with a letter or digit';

export interface RemoteTarget {
  name: string;
  target: LxdTarget;
  /** The first remote: the one of --lxd-socket or --lxd-url, also reached at /1.0. */
  isDefault: boolean;
}

const URL_ENTRY = '{"url": URL, "cert": FILE, "key": FILE}';
const SOCKET_ENTRY = '{"socket": PATH}';

/** The reason an LXD URL is refused (--lxd-url or a remote's "url"), or undefined. */
export function badLxdUrl(text: string): 'not a URL' | 'not https://host:port' | undefined {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:' || (parsed.pathname !== '/' && parsed.pathname !== '')) {
    return 'not https://host:port';
  }
  return undefined;
}

function readEntry(
  file: JsonFile,
  dir: string,
  name: string,
  entry: Record<string, unknown>,
): LxdTarget {
  const keys = ['remotes', name];
  const at = (key: string) => [...keys, key];
  refuseUnknownKeys(
    file,
    keys,
    entry,
    ['url', 'cert', 'key', 'serverCert', 'socket'],
    `remote "${name}": `,
  );
  if ((entry.url === undefined) === (entry.socket === undefined)) {
    file.fail(keys, `remote "${name}" needs either ${URL_ENTRY} or ${SOCKET_ENTRY}`);
  }
  if (entry.socket !== undefined) {
    if (typeof entry.socket !== 'string' || entry.socket === '') {
      file.fail(at('socket'), `remote "${name}": "socket" must be the path of a unix socket`);
    }
    for (const key of ['cert', 'key', 'serverCert']) {
      if (entry[key] !== undefined) {
        file.fail(at(key), `remote "${name}": "${key}" goes with a "url", not with a "socket"`);
      }
    }
    return { kind: 'socket', path: path.resolve(dir, entry.socket) };
  }
  const url = entry.url;
  if (typeof url !== 'string' || badLxdUrl(url) !== undefined) {
    return file.fail(
      at('url'),
      `remote "${name}": "url" must look like https://host:8443, not ${JSON.stringify(url)}`,
    );
  }
  if (typeof entry.cert !== 'string' || typeof entry.key !== 'string') {
    return file.fail(
      keys,
      `remote "${name}" needs the client certificate the console server acts with there: ${URL_ENTRY}`,
    );
  }
  const pair = checkKeyPair((message) => file.fail(at('cert'), message), name, {
    cert: path.resolve(dir, entry.cert),
    key: path.resolve(dir, entry.key),
  });
  const target: LxdTarget = { kind: 'url', url, ...pair };
  if (entry.serverCert === undefined) return target;
  if (typeof entry.serverCert !== 'string') {
    return file.fail(at('serverCert'), `remote "${name}": "serverCert" must be a file name`);
  }
  const serverCert = path.resolve(dir, entry.serverCert);
  if (!existsSync(serverCert) || !statSync(serverCert).isFile()) {
    file.fail(at('serverCert'), `server certificate of "${name}" not found: ${serverCert}`);
  }
  try {
    new X509Certificate(readFileSync(serverCert));
  } catch {
    file.fail(
      at('serverCert'),
      `server certificate ${serverCert} of "${name}" is not a PEM certificate`,
    );
  }
  return { ...target, serverCert, serverCertFrom: `"serverCert" of remote "${name}"` };
}

/** The remotes of the file, in its order; `defaultName` is taken by the default remote. */
export function loadRemotes(file: string, defaultName: string): RemoteTarget[] {
  const parsed = readJsonFile(file, 'remotes file');
  const { json } = parsed;
  if (!isObject(json) || !isObject(json.remotes)) {
    return parsed.fail(
      [],
      `expected {"remotes": {"<name>": {"url": URL, "cert": FILE, "key": FILE, "serverCert": FILE} or ${SOCKET_ENTRY}}}`,
    );
  }
  refuseUnknownKeys(parsed, [], json, ['remotes']);
  const dir = path.dirname(file);
  const remotes: RemoteTarget[] = [];
  for (const [name, entry] of Object.entries(json.remotes)) {
    const keys = ['remotes', name];
    if (!REMOTE_NAME.test(name)) {
      parsed.fail(keys, `"${name}" is not a remote name (${REMOTE_NAME_RULE})`);
    }
    if (name === defaultName) {
      parsed.fail(
        keys,
        `remote "${name}" is the name of the default remote (the LXD of --lxd-socket or --lxd-url; rename it with --lxd-name)`,
      );
    }
    if (!isObject(entry)) {
      return parsed.fail(keys, `remote "${name}" needs either ${URL_ENTRY} or ${SOCKET_ENTRY}`);
    }
    remotes.push({ name, target: readEntry(parsed, dir, name, entry), isDefault: false });
  }
  return remotes;
}

/** Every remote of a config, the default one first. */
export function remoteTargets(config: ConsoleConfig): RemoteTarget[] {
  const defaultName = config.lxdName ?? DEFAULT_REMOTE_NAME;
  return [
    { name: defaultName, target: config.lxd, isDefault: true },
    ...(config.remotes === undefined ? [] : loadRemotes(config.remotes, defaultName)),
  ];
}
