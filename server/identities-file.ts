/**
 * The --identities file: which LXD client certificate each signed-in user's requests go with.
 *   {"users": {"alice": {"cert": "/path/alice.crt", "key": "/path/alice.key"}}, "default": "server"}
 * Relative paths are relative to the file. Users not listed act as the server ("server", the
 * default) or are refused ("deny").
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
    if (key !== 'users' && key !== 'default') fail(`"${key}"`, `unknown key "${key}"`);
  }
  const fallback = json.default ?? 'server';
  if (fallback !== 'server' && fallback !== 'deny') {
    fail('"default"', '"default" must be "server" or "deny"');
  }
  const users = new Map<string, Identity>();
  const dir = path.dirname(file);
  for (const [name, entry] of Object.entries(json.users)) {
    const at = `"${name}"`;
    if (name === '' || /\s/.test(name)) fail(at, `"${name}" is not a user name`);
    if (!isObject(entry) || typeof entry.cert !== 'string' || typeof entry.key !== 'string') {
      return fail(at, `user "${name}" needs {"cert": FILE, "key": FILE}`);
    }
    const identity = { cert: path.resolve(dir, entry.cert), key: path.resolve(dir, entry.key) };
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
    users.set(name, identity);
  }
  return { users, default: fallback === 'deny' ? 'deny' : 'server' };
}
