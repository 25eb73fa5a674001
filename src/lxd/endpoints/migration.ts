/**
 * Migration between two servers (two remotes of the console server): the instance or volume is
 * sent by the source daemon and received by the target daemon over websockets they open between
 * themselves. The browser only starts one operation on each side and hands each the other's
 * address, certificate and secrets. No React here.
 *
 * - pull (LXD's default): the source is asked first (`migration: true`) and answers an operation
 *   whose metadata holds the websocket secrets; the target is then created with
 *   `source: {type: migration, mode: pull, operation: https://SOURCE/1.0/operations/ID, …}` and
 *   connects to the source.
 * - push: the target is created first (`mode: push`) and its operation holds the secrets; the
 *   source is then asked with `target: {operation: https://TARGET/1.0/operations/ID, …}` and
 *   connects to the target.
 *
 * The address given is how the *other daemon* reaches the one that runs the operation: the
 * server's `environment.addresses` from `GET /1.0`, or on a cluster the URL of the member the
 * operation runs on (its `location`).
 */
import { del, get, post, type RequestOptions } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdClusterMember } from '../types/cluster';
import type { LxdOperation } from '../types/operation';
import type { LxdServer } from '../types/server';

export type MigrationMode = 'pull' | 'push';

/** As for `request`: undefined is the page's remote, null the default one, else its name. */
export type RemoteRef = RequestOptions['remote'];

/** What the other daemon is told of an operation it connects to. */
export interface MigrationPeer {
  /** `https://ADDRESS/1.0/operations/ID`. */
  operation: string;
  /** The server certificate (PEM) of the daemon running the operation. */
  certificate: string;
  /** The operation's websocket secrets (`control`, `fs`, maybe `criu`). */
  secrets: Record<string, string>;
}

/** One side's request: where to POST, with what. */
export interface MigrationRequest {
  path: string;
  project: string;
  /** A cluster member (`?target=`). */
  target?: string | undefined;
  body: unknown;
}

export interface MigrationSide {
  remote: RemoteRef;
  /** The side's request; `peer` is the other side's operation when this side connects. */
  request: (peer: MigrationPeer | undefined) => MigrationRequest;
}

/** What a server says of itself that the other daemon needs to reach it. */
export interface ServerReach {
  certificate: string;
  addresses: string[];
  /** Cluster members with their URLs; null when the server is not clustered. */
  members: Pick<LxdClusterMember, 'server_name' | 'url'>[] | null;
}

/** GET /1.0 (and the members of a cluster) of a remote. */
export async function fetchServerReach(remote: RemoteRef): Promise<ServerReach> {
  const server = await get<LxdServer>('/1.0', { remote });
  const environment = server.environment ?? {};
  const clustered = Boolean(environment.server_clustered);
  const members = clustered
    ? await get<LxdClusterMember[]>('/1.0/cluster/members', { recursion: 1, remote })
    : null;
  return {
    certificate: environment.certificate ?? '',
    addresses: environment.addresses ?? [],
    members,
  };
}

export const NO_ADDRESS =
  'The server has no network address (core.https_address): the other server cannot reach it';

/** `host:port` of a URL such as `https://10.201.0.12:8443`. */
const hostOf = (url: string) => url.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, '');

/**
 * How another daemon reaches the operation's daemon: on a cluster the member named by the
 * operation's `location`, else the first of the server's addresses.
 */
export function operationAddress(reach: ServerReach, location: string | undefined): string {
  const member = reach.members?.find((candidate) => candidate.server_name === location);
  if (member?.url) return hostOf(member.url);
  const address = reach.addresses[0];
  if (!address) throw new Error(NO_ADDRESS);
  return address;
}

export const operationUrl = (address: string, id: string) =>
  `https://${address}/1.0/operations/${encodeURIComponent(id)}`;

/** The websocket secrets of a migration operation: its metadata's string values. */
export function operationSecrets(
  operation: Pick<LxdOperation, 'metadata'>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(operation.metadata ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The peer description of a started operation on a server. */
export function peerOf(
  operation: Pick<LxdOperation, 'id' | 'metadata' | 'location'>,
  reach: ServerReach,
): MigrationPeer {
  if (!reach.certificate) throw new Error('The server did not give its certificate');
  return {
    operation: operationUrl(operationAddress(reach, operation.location), operation.id),
    certificate: reach.certificate,
    secrets: operationSecrets(operation),
  };
}

/** Waits for an operation of a remote; rejects with LXD's error. */
export type RemoteWait = (id: string, project: string, remote: RemoteRef) => Promise<void>;

const longPoll: RemoteWait = async (id, project, remote) => {
  await waitForOperation(id, { project, remote });
};

/** DELETE /1.0/operations/{id} on a remote, whatever it answers (it may have ended). */
export async function cancelRemoteOperation(id: string, remote: RemoteRef): Promise<void> {
  try {
    await del(`/1.0/operations/${encodeURIComponent(id)}`, { remote });
  } catch {
    // Already over, or not cancellable: nothing more to do.
  }
}

interface Started {
  id: string;
  project: string;
  remote: RemoteRef;
  operation: LxdOperation;
}

async function start(side: MigrationSide, peer: MigrationPeer | undefined): Promise<Started> {
  const request = side.request(peer);
  const result = await post<LxdOperation>(request.path, request.body, {
    project: request.project,
    target: request.target,
    remote: side.remote,
  });
  if (result.type !== 'async') throw new Error('The server did not start a migration operation');
  const id = operationId(result);
  const operation = { ...result.metadata, id };
  return { id, project: request.project, remote: side.remote, operation };
}

/**
 * Waits for both operations; the first one to fail cancels the other, and its error (LXD's) is
 * the one thrown.
 */
async function waitBoth(a: Started, b: Started, wait: RemoteWait): Promise<void> {
  let first: Error | undefined;
  const watch = (one: Started, other: Started) =>
    wait(one.id, one.project, one.remote).catch(async (error: unknown) => {
      if (first === undefined) {
        first = error instanceof Error ? error : new Error(String(error));
        await cancelRemoteOperation(other.id, other.remote);
      }
    });
  await Promise.all([watch(a, b), watch(b, a)]);
  if (first !== undefined) throw first;
}

/** How a copy to another remote runs: from which remote, how to wait, its progress. */
export interface RemoteCopyOptions {
  from?: RemoteRef;
  wait?: RemoteWait | undefined;
  onProgress?: ((metadata: Record<string, unknown>) => void) | undefined;
}

export interface MigrateOptions {
  mode: MigrationMode;
  source: MigrationSide;
  target: MigrationSide;
  wait?: RemoteWait | undefined;
  /** Reads a remote's certificate, addresses and members (tests replace it). */
  reach?: ((remote: RemoteRef) => Promise<ServerReach>) | undefined;
  /** The metadata of either running operation, read every `progressMs` (`fs_progress`, …). */
  onProgress?: ((metadata: Record<string, unknown>) => void) | undefined;
  progressMs?: number | undefined;
}

/** Reads both operations now and then while they run, for their progress. */
function watchProgress(
  operations: readonly Started[],
  onProgress: ((metadata: Record<string, unknown>) => void) | undefined,
  every: number,
): () => void {
  if (!onProgress) return () => undefined;
  const timer = setInterval(() => {
    for (const operation of operations) {
      get<LxdOperation>(`/1.0/operations/${encodeURIComponent(operation.id)}`, {
        remote: operation.remote,
      })
        .then((read) => {
          if (read.metadata) onProgress(read.metadata);
        })
        .catch(() => undefined);
    }
  }, every);
  return () => {
    clearInterval(timer);
  };
}

/**
 * Runs one migration to its end: pull asks the source first and hands its operation to the
 * target; push asks the target first and hands its operation to the source. If the second
 * request or either operation fails, the other operation is cancelled and LXD's error thrown.
 */
export async function migrate(options: MigrateOptions): Promise<void> {
  const wait = options.wait ?? longPoll;
  const reach = options.reach ?? fetchServerReach;
  const [first, second] =
    options.mode === 'pull' ? [options.source, options.target] : [options.target, options.source];
  const firstReach = await reach(first.remote);
  const started = await start(first, undefined);
  let other: Started;
  try {
    other = await start(second, peerOf(started.operation, firstReach));
  } catch (error) {
    await cancelRemoteOperation(started.id, started.remote);
    throw error;
  }
  const stop = watchProgress([started, other], options.onProgress, options.progressMs ?? 1000);
  try {
    await waitBoth(started, other, wait);
  } finally {
    stop();
  }
}
