/**
 * User properties (`user.*` keys) and cloud-init SSH keys: their form rows, their rules and how
 * they are written. Pure functions.
 *
 * SSH keys are written as LXD does it. A server with the `cloud_init_ssh_keys` extension takes
 * `cloud-init.ssh-keys.<name>: <user>:<public key>` and merges them into the cloud-init data
 * itself. An older server does not know those keys: the console merges the key into user-data's
 * `users` list (`ssh_authorized_keys` of that user), as LXD would, with the key's name as a
 * comment so the list can show it.
 */
import { Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';

export const USER_PREFIX = 'user.';
export const SSH_KEY_PREFIX = 'cloud-init.ssh-keys.';

/** user.* keys that are cloud-init data (older servers), edited in the Cloud-init section. */
export const CLOUD_INIT_USER_KEYS: readonly string[] = [
  'user.user-data',
  'user.vendor-data',
  'user.network-config',
  'user.meta-data',
];

/** One `user.<name>` key. */
export interface UserProperty {
  /** The part after `user.`. */
  name: string;
  value: string;
}

/** One SSH key: `cloud-init.ssh-keys.<name>: <user>:<key>`. */
export interface SshKey {
  name: string;
  user: string;
  key: string;
}

export function isUserProperty(key: string): boolean {
  return key.startsWith(USER_PREFIX) && !CLOUD_INIT_USER_KEYS.includes(key);
}

export const USER_KEY_EMPTY = 'Enter a key';
export const USER_KEY_SPACES = 'A key must not contain spaces';
export const USER_KEY_CHARACTERS = 'Only letters, digits and . - _ : are allowed in a key';

export function userKeyExists(name: string): string {
  return `A user property user.${name} already exists`;
}

export function userKeyReserved(name: string): string {
  return `user.${name} is cloud-init data: edit it in the Cloud-init section`;
}

/** The rule of a new key (what follows `user.`): the message, or undefined when it is fine. */
export function userKeyError(name: string, taken: readonly string[]): string | undefined {
  if (name === '') return USER_KEY_EMPTY;
  if (/\s/.test(name)) return USER_KEY_SPACES;
  if (!/^[A-Za-z0-9._:-]+$/.test(name)) return USER_KEY_CHARACTERS;
  if (CLOUD_INIT_USER_KEYS.includes(`${USER_PREFIX}${name}`)) return userKeyReserved(name);
  if (taken.includes(name)) return userKeyExists(name);
  return undefined;
}

// --- SSH keys ---

/** Public key types OpenSSH writes into a .pub file. */
export const SSH_KEY_TYPES: readonly string[] = [
  'ssh-ed25519',
  'ssh-rsa',
  'ssh-dss',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
];

export const SSH_NAME_EMPTY = 'Enter a name for the key';
export const SSH_NAME_CHARACTERS = 'Only letters, digits and . - _ are allowed in a name';
export const SSH_USER_INVALID =
  'Enter the user the key is for: a Linux user name such as root or ubuntu';
export const SSH_KEY_EMPTY = 'Paste a public key';
export const SSH_KEY_FORMAT =
  'A public key reads "<type> <base64 data> [comment]", for example ssh-ed25519 AAAA… me@laptop';
export const SSH_KEY_DATA = "The key's data is not valid base64 for its type";

export function sshNameExists(name: string): string {
  return `An SSH key named ${name} already exists`;
}

export function sshKeyType(type: string): string {
  return `Unknown key type ${type}: use ${SSH_KEY_TYPES.slice(0, 3).join(', ')} or ecdsa-sha2-nistp256…`;
}

function decodeBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * Checks a public key line: a known type, base64 data that names the same type (the first field
 * of the key blob), an optional comment.
 */
export function sshKeyError(line: string): string | undefined {
  const text = line.trim();
  if (text === '') return SSH_KEY_EMPTY;
  const [type = '', data, ...rest] = text.split(/\s+/);
  if (data === undefined || rest.some((part) => part.includes('\n'))) return SSH_KEY_FORMAT;
  if (!SSH_KEY_TYPES.includes(type)) {
    return /^[a-z0-9@.-]+$/.test(type) ? sshKeyType(type) : SSH_KEY_FORMAT;
  }
  const blob = decodeBase64(data);
  if (!blob || blob.length < 4) return SSH_KEY_DATA;
  const length =
    ((blob[0] ?? 0) << 24) | ((blob[1] ?? 0) << 16) | ((blob[2] ?? 0) << 8) | (blob[3] ?? 0);
  const embedded = String.fromCharCode(...blob.slice(4, 4 + length));
  if (embedded !== type) return SSH_KEY_DATA;
  return undefined;
}

/** The problems of a new SSH key row, by field. */
export function sshKeyProblems(
  row: SshKey,
  takenNames: readonly string[],
): Partial<Record<keyof SshKey, string>> {
  const problems: Partial<Record<keyof SshKey, string>> = {};
  const name = row.name.trim();
  if (name === '') problems.name = SSH_NAME_EMPTY;
  else if (!/^[A-Za-z0-9._-]+$/.test(name)) problems.name = SSH_NAME_CHARACTERS;
  else if (takenNames.includes(name)) problems.name = sshNameExists(name);
  if (!/^[a-z_][a-z0-9_-]*\$?$/i.test(row.user.trim())) problems.user = SSH_USER_INVALID;
  const keyError = sshKeyError(row.key);
  if (keyError) problems.key = keyError;
  return problems;
}

/** `cloud-init.ssh-keys.*` of a config as rows (values `<user>:<key>`). */
export function readSshKeys(config: Record<string, string>): SshKey[] {
  const rows: SshKey[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (!key.startsWith(SSH_KEY_PREFIX)) continue;
    const colon = value.indexOf(':');
    rows.push({
      name: key.slice(SSH_KEY_PREFIX.length),
      user: colon < 0 ? '' : value.slice(0, colon),
      key: colon < 0 ? value : value.slice(colon + 1),
    });
  }
  return rows;
}

/** Rows → `cloud-init.ssh-keys.<name>: <user>:<key>`. */
export function sshKeysConfig(rows: readonly SshKey[]): Record<string, string> {
  const config: Record<string, string> = {};
  for (const row of rows) {
    config[`${SSH_KEY_PREFIX}${row.name.trim()}`] = `${row.user.trim()}:${row.key.trim()}`;
  }
  return config;
}

// --- SSH keys merged into user-data (servers without cloud_init_ssh_keys) ---

export const USER_DATA_NOT_CLOUD_CONFIG =
  'User data does not start with #cloud-config: the key cannot be merged into it. Edit user data first.';
export const USER_DATA_INVALID =
  'User data is not valid YAML: fix it before adding a key (its error is shown under the editor).';
export const USER_DATA_USERS_INVALID =
  'The users entry of user data is not a list: the key cannot be merged into it.';

export type MergeResult = { ok: true; text: string } | { ok: false; error: string };

function isCloudConfig(text: string): boolean {
  return text
    .split('\n')
    .slice(0, 2)
    .some((line) => line.trim() === '#cloud-config');
}

function emptyCloudConfig(comment = 'cloud-config'): Document {
  const doc = new Document({});
  doc.commentBefore = comment;
  return doc;
}

function readCloudConfig(text: string): { doc: Document } | { error: string } {
  if (text.trim() === '') return { doc: emptyCloudConfig() };
  if (!isCloudConfig(text)) return { error: USER_DATA_NOT_CLOUD_CONFIG };
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return { error: USER_DATA_INVALID };
  if (doc.contents === null) return { doc: emptyCloudConfig(doc.commentBefore ?? undefined) };
  if (!isMap(doc.contents)) return { error: USER_DATA_INVALID };
  return { doc };
}

function userName(item: unknown): string | undefined {
  if (isScalar(item) && typeof item.value === 'string') return item.value;
  if (isMap(item)) {
    const name = item.get('name');
    return typeof name === 'string' ? name : undefined;
  }
  return undefined;
}

function serialize(doc: Document): string {
  const text = doc.toString({ lineWidth: 0 }).replace(/^#cloud-config\n\n/, '#cloud-config\n');
  return text.startsWith('#cloud-config') ? text : `#cloud-config\n${text}`;
}

/**
 * Adds a public key to `users[<user>].ssh_authorized_keys` of a #cloud-config user-data (made
 * when empty). A new users list starts with `default`, so the distribution's default user stays.
 */
export function mergeSshKey(userData: string, row: SshKey): MergeResult {
  const read = readCloudConfig(userData);
  if ('error' in read) return { ok: false, error: read.error };
  const { doc } = read;
  let users = doc.get('users', true);
  if (users === undefined || users === null || (isScalar(users) && users.value === null)) {
    users = doc.createNode(['default']);
    doc.set('users', users);
  }
  if (!isSeq(users)) return { ok: false, error: USER_DATA_USERS_INVALID };
  const seq = users;
  const user = row.user.trim();
  let entry = seq.items.find((item) => userName(item) === user);
  if (entry === undefined) {
    entry = doc.createNode({ name: user, ssh_authorized_keys: [] });
    seq.items.push(entry);
  } else if (isScalar(entry)) {
    const index = seq.items.indexOf(entry);
    entry = doc.createNode({ name: user, ssh_authorized_keys: [] });
    seq.items[index] = entry;
  }
  if (!isMap(entry)) return { ok: false, error: USER_DATA_USERS_INVALID };
  let keys = entry.get('ssh_authorized_keys', true) as unknown;
  if (keys === undefined || (isScalar(keys) && keys.value === null)) {
    keys = doc.createNode([]);
    entry.set('ssh_authorized_keys', keys);
  } else if (isScalar(keys)) {
    keys = doc.createNode([keys.value]);
    entry.set('ssh_authorized_keys', keys);
  }
  if (!isSeq(keys)) return { ok: false, error: USER_DATA_USERS_INVALID };
  const node = doc.createNode(row.key.trim());
  node.comment = ` ${row.name.trim()}`;
  keys.items.push(node);
  return { ok: true, text: serialize(doc) };
}

/** A key found in user-data's users list. */
export interface UserDataKey {
  /** The comment beside the key (its name when the console added it). */
  name: string;
  user: string;
  key: string;
}

function userDataKeyNodes(userData: string): { doc: Document; found: UserDataKey[] } | undefined {
  if (!isCloudConfig(userData)) return undefined;
  const doc = parseDocument(userData);
  if (doc.errors.length > 0) return undefined;
  const users = doc.get('users', true);
  if (!isSeq(users)) return { doc, found: [] };
  const found: UserDataKey[] = [];
  for (const item of users.items) {
    if (!isMap(item)) continue;
    const user = userName(item) ?? '';
    const keys = item.get('ssh_authorized_keys', true) as unknown;
    if (!isSeq(keys)) continue;
    for (const key of keys.items) {
      if (!isScalar(key) || typeof key.value !== 'string') continue;
      found.push({ name: (key.comment ?? '').trim(), user, key: key.value });
    }
  }
  return { doc, found };
}

/** The public keys user-data gives users (`users[].ssh_authorized_keys`). */
export function userDataSshKeys(userData: string): UserDataKey[] {
  return userDataKeyNodes(userData)?.found ?? [];
}

/** Removes one key of a user from user-data; the text is unchanged when it is not there. */
export function removeUserDataSshKey(userData: string, user: string, key: string): string {
  const read = userDataKeyNodes(userData);
  if (!read) return userData;
  const users = read.doc.get('users', true);
  if (!isSeq(users)) return userData;
  for (const item of users.items) {
    if (!isMap(item) || userName(item) !== user) continue;
    const keys = item.get('ssh_authorized_keys', true) as unknown;
    if (!isSeq(keys)) continue;
    const index = keys.items.findIndex((node) => isScalar(node) && node.value === key);
    if (index < 0) continue;
    keys.items.splice(index, 1);
    return serialize(read.doc);
  }
  return userData;
}
