/**
 * The changes this page has asked LXD for: every request through ./client.ts other than GET and
 * HEAD, as its method, path (with its query, without the console server's `/remote/{name}`
 * prefix), remote and JSON body, newest last, the last CHANGE_LOG_LIMIT only, in memory only
 * (bodies may hold configuration). Values of keys that look secret (`password`, `secret`,
 * `token`) are masked before they are kept. ./lxc-command.ts turns a change into its command.
 */

export const CHANGE_LOG_LIMIT = 200;
/** What a masked value reads as. */
export const MASKED = '********';

export type ChangeOutcome = 'sent' | 'succeeded' | 'failed';

export interface RecordedChange {
  /** Increasing from 1 in this page. */
  id: number;
  /** When it was sent (ms since the epoch). */
  time: number;
  method: string;
  /** `/1.0/...` with its query (project, target, …), secrets masked. */
  path: string;
  /** The remote it was sent to; null: the console server's default remote (or LXD itself). */
  remote: string | null;
  /** The JSON body (secrets masked); undefined: none; BINARY_BODY: a file's bytes. */
  body: unknown;
  outcome: ChangeOutcome;
  /** LXD's error, when it failed. */
  error?: string | undefined;
}

/** Stands for a binary body (an upload): its bytes are not kept. */
export const BINARY_BODY = '<binary data>';

const SECRET_KEY = /password|secret|token/i;

/** A copy of a JSON value with the values of secret-looking keys masked, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) && inner !== null && inner !== '' ? MASKED : maskSecrets(inner),
      ]),
    );
  }
  return value;
}

/** The path with secret-looking query parameters masked. */
export function maskPath(path: string): string {
  const [base = '', query] = path.split('?', 2);
  if (query === undefined) return base;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_KEY.test(key)) params.set(key, MASKED);
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

type Listener = () => void;

let changes: readonly RecordedChange[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly RecordedChange[]) {
  changes = next;
  for (const listener of listeners) listener();
}

/** The kept changes, oldest first (a new array after each change: usable as a snapshot). */
export function recordedChanges(): readonly RecordedChange[] {
  return changes;
}

export function subscribeToChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Keeps one change as sent; returns what settles it. */
export function recordChange(change: {
  method: string;
  path: string;
  remote: string | null;
  body: unknown;
  binary?: boolean;
}): (outcome: Exclude<ChangeOutcome, 'sent'>, error?: string) => void {
  const id = nextId;
  nextId += 1;
  const kept: RecordedChange = {
    id,
    time: Date.now(),
    method: change.method,
    path: maskPath(change.path),
    remote: change.remote,
    body: change.binary ? BINARY_BODY : maskSecrets(change.body),
    outcome: 'sent',
  };
  publish([...changes, kept].slice(-CHANGE_LOG_LIMIT));
  return (outcome, error) => {
    if (!changes.some((c) => c.id === id)) return;
    publish(changes.map((c) => (c.id === id ? { ...c, outcome, error } : c)));
  };
}

/** Forgets every change (tests). */
export function clearRecordedChanges(): void {
  nextId = 1;
  publish([]);
}
