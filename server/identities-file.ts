/**
 * The --identities file: which LXD client certificate each signed-in user's requests go with.
 *   {"users": {"alice": {"cert": "/path/alice.crt", "key": "/path/alice.key"}},
 *    "groups": {"ops": {"cert": "ops.crt", "key": "ops.key"}}, "default": "server"}
 * Relative paths are relative to the file. A single sign-on user without an entry of their own
 * takes the identity of the first group in "groups" that the identity provider puts them in.
 * Users with neither act as the server ("server", the default) or are refused ("deny").
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { ConsoleError, errorMessage } from './errors';

export interface Identity {
  /** PEM file names, absolute. */
  cert: string;
  key: string;
}

export interface IdentitiesFile {
  users: Map<string, Identity>;
  /** Identity provider group → identity, in the file's order. */
  groups: Map<string, Identity>;
  default: 'server' | 'deny';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 1-based line of the first occurrence of `needle`, or of a character offset. */
function lineAt(text: string, at: string | number): number {
  const index = typeof at === 'number' ? at : Math.max(0, text.indexOf(at));
  return text.slice(0, index).split('\n').length;
}

export function loadIdentities(file: string): IdentitiesFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConsoleError(`cannot read the identities file ${file}: ${errorMessage(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = errorMessage(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : ` line ${lineAt(text, Number(position))}`;
    throw new ConsoleError(`identities file ${file}${where}: not valid JSON (${message})`);
  }
  const fail = (at: string, message: string): never => {
    throw new ConsoleError(`identities file ${file} line ${lineAt(text, at)}: ${message}`);
  };
  if (!isObject(json) || !isObject(json.users)) {
    return fail('', 'expected {"users": {"<user>": {"cert": FILE, "key": FILE}}, "default": …}');
  }
  for (const key of Object.keys(json)) {
    if (key !== 'users' && key !== 'groups' && key !== 'default') {
      fail(`"${key}"`, `unknown key "${key}"`);
    }
  }
  if (json.groups !== undefined && !isObject(json.groups)) {
    fail('"groups"', 'expected "groups": {"<provider group>": {"cert": FILE, "key": FILE}}');
  }
  const fallback = json.default ?? 'server';
  if (fallback !== 'server' && fallback !== 'deny') {
    fail('"default"', '"default" must be "server" or "deny"');
  }
  const dir = path.dirname(file);
  const read = (
    kind: 'user' | 'group',
    entries: Record<string, unknown>,
  ): Map<string, Identity> => {
    const found = new Map<string, Identity>();
    for (const [name, entry] of Object.entries(entries)) {
      const at = `"${name}"`;
      if (name === '' || /\s/.test(name)) fail(at, `"${name}" is not a ${kind} name`);
      if (!isObject(entry) || typeof entry.cert !== 'string' || typeof entry.key !== 'string') {
        return fail(at, `${kind} "${name}" needs {"cert": FILE, "key": FILE}`);
      }
      found.set(
        name,
        checkIdentity(fail, at, name, {
          cert: path.resolve(dir, entry.cert),
          key: path.resolve(dir, entry.key),
        }),
      );
    }
    return found;
  };
  const users = read('user', json.users);
  const groups = read('group', isObject(json.groups) ? json.groups : {});
  return { users, groups, default: fallback === 'deny' ? 'deny' : 'server' };
}

/** Checks that an identity's files exist and fit together. */
function checkIdentity(
  fail: (at: string, message: string) => never,
  at: string,
  name: string,
  identity: Identity,
): Identity {
  for (const [what, pem] of [
    ['certificate', identity.cert],
    ['key', identity.key],
  ] as const) {
    if (!existsSync(pem) || !statSync(pem).isFile()) {
      fail(at, `${what} of "${name}" not found: ${pem}`);
    }
  }
  try {
    createSecureContext({ cert: readFileSync(identity.cert), key: readFileSync(identity.key) });
  } catch (error) {
    fail(
      at,
      `certificate ${identity.cert} and key ${identity.key} of "${name}" do not fit together: ${errorMessage(error)}`,
    );
  }
  return identity;
}
