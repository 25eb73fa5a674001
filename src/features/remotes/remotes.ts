/**
 * The console server's remotes: `GET /console/remotes` answers every server it fronts, each
 * proxied at `/remote/{name}/1.0/...` (the default one also at `/1.0/...`). Served by LXD itself
 * (or by a console server for one server only) the path answers 404: one remote, no switcher.
 */
export const CONSOLE_REMOTES_PATH = '/console/remotes';

export type RemoteState = 'online' | 'unreachable' | 'untrusted';

export interface ConsoleRemote {
  name: string;
  /** The console server's default remote, also at `/1.0/...` and at the plain `/ui/...` pages. */
  default: boolean;
  url: string;
  state: RemoteState;
  /** null when the server did not answer (or does not trust the console server). */
  kind: 'lxd' | 'incus' | null;
  version: string | null;
  clustered: boolean | null;
  /** Why it is not online, in one line. */
  error?: string | undefined;
}

const STATES: readonly unknown[] = ['online', 'unreachable', 'untrusted'];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** One entry of the answer, or null when it has no name; what it does not say is left out. */
function readRemote(value: unknown): ConsoleRemote | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  const name = text(entry.name);
  if (name === null) return null;
  const error = text(entry.error);
  return {
    name,
    default: entry.default === true,
    url: text(entry.url) ?? '',
    state: STATES.includes(entry.state) ? (entry.state as RemoteState) : 'unreachable',
    kind: entry.kind === 'lxd' || entry.kind === 'incus' ? entry.kind : null,
    version: text(entry.version),
    clustered: typeof entry.clustered === 'boolean' ? entry.clustered : null,
    ...(error === null ? {} : { error }),
  };
}

/** The remotes, or null when there is no console server to list them (404). */
export async function fetchRemotes(signal?: AbortSignal): Promise<ConsoleRemote[] | null> {
  const response = await fetch(CONSOLE_REMOTES_PATH, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404) return null;
  if (!response.ok) {
    throw new Error(`The console server's remotes: ${response.statusText || response.status}`);
  }
  const body: unknown = await response.json();
  const list =
    typeof body === 'object' && body !== null ? (body as { remotes?: unknown }).remotes : null;
  if (!Array.isArray(list)) throw new Error("The console server's remotes: no list");
  return list.map(readRemote).filter((remote) => remote !== null);
}
