/**
 * The --identities file: which LXD client certificate each signed-in user's requests go with.
 *   {"users": {"alice": {"cert": "/path/alice.crt", "key": "/path/alice.key"}},
 *    "groups": {"ops": {"cert": "ops.crt", "key": "ops.key"}}, "default": "server",
 *    "remotes": {"incus": {"users": {…}, "groups": {…}, "default": "deny"}}}
 * Relative paths are relative to the file. A single sign-on user without an entry of their own
 * takes the identity of the first group in "groups" that the identity provider puts them in.
 * Users with neither act as the server ("server", the default) or are refused ("deny").
 * The top level is the default remote's; "remotes" gives the other remotes' (--remotes) in the
 * same shape, their certificates being that remote's client certificates. A remote without a
 * section of its own, and a section without "default", take the top level's "default".
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { errorMessage } from './errors';
import { isObject, readJsonFile, refuseUnknownKeys, type JsonFile } from './json-file';

export interface Identity {
  /** PEM file names, absolute. */
  cert: string;
  key: string;
}

/** The identities of one remote. */
export interface IdentitySet {
  users: Map<string, Identity>;
  /** Identity provider group → identity, in the file's order. */
  groups: Map<string, Identity>;
  default: 'server' | 'deny';
}

/** The file: the default remote's identities, and those of other remotes by name. */
export interface IdentitiesFile extends IdentitySet {
  remotes: Map<string, IdentitySet>;
}

/** The remotes the file's sections may name (server/remotes.ts), the default one first. */
export interface KnownRemote {
  name: string;
  kind: 'socket' | 'url';
}

/**
 * Checks that a certificate and key exist and fit together (an identity's, or a remote's client
 * certificate); `fail` reports a problem.
 */
export function checkKeyPair(
  fail: (message: string) => never,
  name: string,
  identity: Identity,
): Identity {
  for (const [what, pem] of [
    ['certificate', identity.cert],
    ['key', identity.key],
  ] as const) {
    if (!existsSync(pem) || !statSync(pem).isFile()) fail(`${what} of "${name}" not found: ${pem}`);
  }
  try {
    createSecureContext({ cert: readFileSync(identity.cert), key: readFileSync(identity.key) });
  } catch (error) {
    fail(
      `certificate ${identity.cert} and key ${identity.key} of "${name}" do not fit together: ${errorMessage(error)}`,
    );
  }
  return identity;
}

const ENTRY = '{"cert": FILE, "key": FILE}';

/** The "users" and "groups" of the value at `keys` (the top level, or a remote's section). */
function readSet(
  file: JsonFile,
  dir: string,
  keys: readonly string[],
  value: Record<string, unknown>,
  fallback: unknown,
): IdentitySet {
  if (value.groups !== undefined && !isObject(value.groups)) {
    file.fail([...keys, 'groups'], `expected "groups": {"<provider group>": ${ENTRY}}`);
  }
  if (value.users !== undefined && !isObject(value.users)) {
    file.fail([...keys, 'users'], `expected "users": {"<user>": ${ENTRY}}`);
  }
  const chosen = value.default ?? fallback;
  if (chosen !== 'server' && chosen !== 'deny') {
    file.fail([...keys, 'default'], '"default" must be "server" or "deny"');
  }
  const read = (kind: 'user' | 'group', entries: unknown): Map<string, Identity> => {
    const found = new Map<string, Identity>();
    if (!isObject(entries)) return found;
    for (const [name, entry] of Object.entries(entries)) {
      const at = [...keys, `${kind}s`, name];
      if (name === '' || /\s/.test(name)) file.fail(at, `"${name}" is not a ${kind} name`);
      if (!isObject(entry) || typeof entry.cert !== 'string' || typeof entry.key !== 'string') {
        return file.fail(at, `${kind} "${name}" needs ${ENTRY}`);
      }
      const identity = { cert: path.resolve(dir, entry.cert), key: path.resolve(dir, entry.key) };
      found.set(
        name,
        checkKeyPair((message) => file.fail(at, message), name, identity),
      );
    }
    return found;
  };
  return {
    users: read('user', value.users),
    groups: read('group', value.groups),
    default: chosen === 'deny' ? 'deny' : 'server',
  };
}

/**
 * Reads the file. With `remotes` (the default one first), each section of "remotes" must name
 * one of the others, and a unix socket's section may only set "default".
 */
export function loadIdentities(file: string, remotes?: readonly KnownRemote[]): IdentitiesFile {
  const parsed = readJsonFile(file, 'identities file');
  const { json } = parsed;
  if (!isObject(json) || !isObject(json.users)) {
    return parsed.fail([], `expected {"users": {"<user>": ${ENTRY}}, "default": …}`);
  }
  refuseUnknownKeys(parsed, [], json, ['users', 'groups', 'default', 'remotes']);
  const dir = path.dirname(file);
  const top = readSet(parsed, dir, [], json, 'server');
  const sections = new Map<string, IdentitySet>();
  if (json.remotes !== undefined && !isObject(json.remotes)) {
    parsed.fail(
      ['remotes'],
      'expected "remotes": {"<remote>": {"users": {…}, "groups": {…}, "default": …}}',
    );
  }
  for (const [name, section] of Object.entries(isObject(json.remotes) ? json.remotes : {})) {
    const keys = ['remotes', name];
    if (!isObject(section)) {
      return parsed.fail(
        keys,
        `remote "${name}" needs {"users": {…}, "groups": {…}, "default": …}`,
      );
    }
    refuseUnknownKeys(parsed, keys, section, ['users', 'groups', 'default'], `remote "${name}": `);
    const set = readSet(parsed, dir, keys, section, top.default);
    if (remotes !== undefined) checkSection(parsed, name, set, remotes);
    sections.set(name, set);
  }
  return { ...top, remotes: sections };
}

/** A section must name a remote other than the default one, and a socket has no certificates. */
function checkSection(
  file: JsonFile,
  name: string,
  set: IdentitySet,
  remotes: readonly KnownRemote[],
): void {
  const at = ['remotes', name];
  const remote = remotes.find((known) => known.name === name);
  if (remote === undefined) {
    file.fail(
      at,
      `there is no remote "${name}" (the remotes are ${remotes.map((known) => known.name).join(', ')})`,
    );
  } else if (remote === remotes[0]) {
    file.fail(
      at,
      `"${name}" is the default remote: its identities are the top-level "users", "groups" and "default"`,
    );
  } else if (remote.kind === 'socket' && (set.users.size > 0 || set.groups.size > 0)) {
    file.fail(
      at,
      `remote "${name}" is a unix socket, where LXD treats every request as root: there is no certificate to choose per user (only "default" may be given)`,
    );
  }
}

/** The identities of one remote: the top level for the default, else its section or none. */
export function identitiesOf(
  file: IdentitiesFile | undefined,
  remote: string,
  isDefault: boolean,
): IdentitySet | undefined {
  if (file === undefined) return undefined;
  if (isDefault) return file;
  return file.remotes.get(remote) ?? { users: new Map(), groups: new Map(), default: file.default };
}
