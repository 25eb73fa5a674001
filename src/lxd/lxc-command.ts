/**
 * The command-line equivalent of a change the console sent (./changes.ts): the usual ones in
 * their own form (`lxc start NAME --project p`, `lxc delete NAME`, `lxc snapshot NAME SNAP`,
 * `lxc config set NAME key=value`, …),
 * anything else as `lxc query`, which sends any request as it is:
 * `lxc query --wait -X METHOD --data '<json>' [remote:]/1.0/...?project=p` (`--wait` waits for
 * the operation as the console does; `lxc query` takes the project in the path, not --project).
 * The client's name is `lxc` for LXD and `incus` for Incus (same commands).
 */
import { BINARY_BODY, type RecordedChange } from './changes';

type Change = Pick<RecordedChange, 'method' | 'path' | 'remote' | 'body'>;

const SAFE = /^[A-Za-z0-9._\-/:=@,+%]+$/;

/** A word for a POSIX shell: as it is when safe, else in single quotes. */
export function shellQuote(word: string): string {
  if (word !== '' && SAFE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The always-correct form: the request itself through `lxc query`. */
export function queryCommand(change: Change, client = 'lxc'): string {
  const words = [client, 'query', '--wait', '-X', change.method];
  if (change.body !== undefined && change.body !== BINARY_BODY) {
    words.push('--data', shellQuote(JSON.stringify(change.body)));
  }
  const target = change.remote === null ? change.path : `${change.remote}:${change.path}`;
  words.push(shellQuote(target));
  return words.join(' ');
}

type Body = Record<string, unknown>;

const isObject = (body: unknown): body is Body =>
  body !== null && typeof body === 'object' && !Array.isArray(body);

/** The body has no key but these (absent, null and false values aside). */
function onlyKeys(body: Body, keys: readonly string[]): boolean {
  return Object.entries(body).every(
    ([key, value]) =>
      keys.includes(key) || value === undefined || value === null || value === false,
  );
}

/** The mapped form's words after the client, or undefined for the fallback. */
function mapped(
  method: string,
  parts: readonly string[],
  body: unknown,
  name: (resource: string) => string,
): string[] | undefined {
  const [root, first, sub, second, ...rest] = parts;
  const noBody = body === undefined;
  const rename = (command: string[], from: string): string[] | undefined =>
    method === 'POST' && isObject(body) && typeof body.name === 'string' && onlyKeys(body, ['name'])
      ? [...command, name(from), name(body.name)]
      : undefined;

  if (root === 'instances' && first !== undefined) {
    if (sub === undefined) {
      if (method === 'DELETE' && noBody) return ['delete', name(first)];
      if (method === 'PATCH') return configSet(['config', 'set', name(first)], body);
      if (method === 'POST') return rename(['rename'], first);
      if (
        method === 'PUT' &&
        isObject(body) &&
        typeof body.restore === 'string' &&
        onlyKeys(body, ['restore', 'stateful'])
      ) {
        return ['restore', name(first), body.restore, ...(body.stateful ? ['--stateful'] : [])];
      }
      return undefined;
    }
    if (sub === 'state' && second === undefined && method === 'PUT' && isObject(body)) {
      return stateCommand(body, name(first));
    }
    if (sub === 'snapshots' && rest.length === 0) {
      if (second === undefined) {
        if (
          method === 'POST' &&
          isObject(body) &&
          typeof body.name === 'string' &&
          onlyKeys(body, ['name', 'stateful'])
        ) {
          return ['snapshot', name(first), body.name, ...(body.stateful ? ['--stateful'] : [])];
        }
        return undefined;
      }
      if (method === 'DELETE' && noBody) return ['delete', name(`${first}/${second}`)];
      if (method === 'POST' && isObject(body) && typeof body.name === 'string') {
        return onlyKeys(body, ['name'])
          ? ['rename', name(`${first}/${second}`), name(`${first}/${body.name}`)]
          : undefined;
      }
    }
    return undefined;
  }
  const simple: Record<string, string[]> = {
    profiles: ['profile'],
    networks: ['network'],
    'storage-pools': ['storage'],
    images: ['image'],
    projects: ['project'],
  };
  const noun = root === undefined ? undefined : simple[root];
  if (noun && first !== undefined && sub === undefined) {
    if (method === 'DELETE' && noBody) return [...noun, 'delete', name(first)];
    if (method === 'PATCH' && root !== 'images') {
      return configSet([...noun, 'set', name(first)], body);
    }
    if (root !== 'images') return rename([...noun, 'rename'], first);
    return undefined;
  }
  if (
    root === 'storage-pools' &&
    first !== undefined &&
    sub === 'volumes' &&
    second === 'custom' &&
    rest.length === 1 &&
    method === 'DELETE' &&
    noBody
  ) {
    return ['storage', 'volume', 'delete', name(first), rest[0] ?? ''];
  }
  return undefined;
}

/**
 * A PATCH of config keys alone (`{config: {key: value}}`, the tags' change for one) as
 * `lxc config set NAME key=value…` (`lxc profile set`, `lxc network set`, …): a PATCH sets the
 * keys it names and keeps the others, as `set` does; an empty value unsets the key.
 */
function configSet(command: string[], body: unknown): string[] | undefined {
  if (!isObject(body) || !onlyKeys(body, ['config']) || !isObject(body.config)) return undefined;
  const entries = Object.entries(body.config);
  if (entries.length === 0 || !entries.every(([, value]) => typeof value === 'string')) {
    return undefined;
  }
  return [...command, ...entries.map(([key, value]) => `${key}=${String(value)}`)];
}

const STATE_COMMANDS: Record<string, string> = {
  start: 'start',
  stop: 'stop',
  restart: 'restart',
  freeze: 'pause',
  // `lxc start` resumes a frozen instance.
  unfreeze: 'start',
};

function stateCommand(body: Body, instance: string): string[] | undefined {
  const command = typeof body.action === 'string' ? STATE_COMMANDS[body.action] : undefined;
  if (!command || !onlyKeys(body, ['action', 'force', 'timeout', 'stateful'])) return undefined;
  const words = [command, instance];
  if (body.force === true) {
    if (command !== 'stop' && command !== 'restart') return undefined;
    words.push('--force');
  }
  if (body.stateful === true) {
    if (command !== 'stop' && command !== 'start') return undefined;
    words.push('--stateful');
  }
  if (typeof body.timeout === 'number' && body.timeout >= 0) {
    if (command !== 'stop' && command !== 'restart') return undefined;
    words.push('--timeout', String(body.timeout));
  }
  return words;
}

/**
 * The command that makes the same change: its mapped form, or `lxc query`. The project comes
 * as `--project` (left out for `default`), the remote as the `remote:` prefix of the first name.
 */
export function equivalentCommand(change: Change, client = 'lxc'): string {
  const [base = '', query = ''] = change.path.split('?', 2);
  const params = new URLSearchParams(query);
  const project = params.get('project');
  params.delete('project');
  const parts = base
    .replace(/^\/1\.0\/?/, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  // Every mapped form names its resource through this (both names of `rename a b`).
  const name = (resource: string) =>
    change.remote === null ? resource : `${change.remote}:${resource}`;
  const words =
    base.startsWith('/1.0/') && [...params.keys()].length === 0
      ? mapped(change.method, parts, change.body, name)
      : undefined;
  if (!words) return queryCommand(change, client);
  if (project !== null && project !== 'default' && parts[0] !== 'projects') {
    words.push('--project', project);
  }
  return [client, ...words.map(shellQuote)].join(' ');
}

/** The REST call as text: `METHOD /1.0/...` and the JSON body on the lines below. */
export function restCall(change: Pick<RecordedChange, 'method' | 'path' | 'body'>): string {
  const line = `${change.method} ${change.path}`;
  if (change.body === undefined) return line;
  const body = change.body === BINARY_BODY ? BINARY_BODY : JSON.stringify(change.body, null, 2);
  return `${line}\n\n${body}`;
}
