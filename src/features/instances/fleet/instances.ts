/**
 * The fleet's instance list: the instances of every online remote in one list. Each remote's
 * list is its own query (names first, then the whole list, see
 * src/features/instances/list-load.ts) and is kept live by that remote's own event stream: a
 * remote that is slow or down holds up no other remote's rows. A remote that is not online has
 * no rows (the page says so); when the console server says it is back, its list is asked again
 * and its stream reconnects, without a reload.
 */
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchInstance } from '../../../lxd/endpoints/instances';
import { EventSocket, EVENTS_PATH } from '../../../lxd/events';
import { websocketUrl } from '../../../lxd/remote';
import { isLifecycleEvent } from '../../../shared/events/dispatcher';
import type { ListRows } from '../../../shared/pages';
import { applyInstanceEvent, type InstanceListScope } from '../applyInstanceEvent';
import type { InstanceList, InstanceListItem } from '../list-item';
import { loadList } from '../list-load';
import { useRemotes, type ConsoleRemote } from '../../remotes';

/** One instance of the fleet's list: the list's item with the remote it is on. */
export type FleetInstance = InstanceListItem & {
  /** The remote's name, as the console server calls it. */
  remoteName: string;
  /** How requests name that remote (src/lxd/client.ts): null for the default remote. */
  remote: string | null;
};

export const fleetInstanceKeys = {
  /** One remote's list of every project. */
  list: (remote: string) => ['fleet', 'instances', remote] as const,
};

/** The request option that names a remote: null for the console server's default one. */
export const remoteArg = (remote: Pick<ConsoleRemote, 'name' | 'default'>) =>
  remote.default ? null : remote.name;

/** Where an event of a remote's stream changes the cached lists (its list only). */
export function fleetScope(remote: Pick<ConsoleRemote, 'name' | 'default'>): InstanceListScope {
  const key = fleetInstanceKeys.list(remote.name);
  const arg = remoteArg(remote);
  return {
    id: `fleet:${remote.name}`,
    lists: () => [key],
    fetch: (project, name) => fetchInstance(project, name, undefined, undefined, arg),
  };
}

const withRemote = new WeakMap<readonly InstanceListItem[], FleetInstance[]>();

/** A remote's items as fleet rows, made once per answer (events replace the answer). */
export function fleetItems(
  remote: Pick<ConsoleRemote, 'name' | 'default'>,
  items: readonly InstanceListItem[],
): FleetInstance[] {
  let rows = withRemote.get(items);
  if (!rows) {
    const arg = remoteArg(remote);
    rows = items.map((item) => ({ ...item, remoteName: remote.name, remote: arg }));
    withRemote.set(items, rows);
  }
  return rows;
}

/** What the fleet list knows of one remote's instances. */
export interface RemoteListState {
  remote: ConsoleRemote;
  /** Undefined while its names are on their way, or while the remote is not online. */
  list: InstanceList | undefined;
  pending: boolean;
  error: string | undefined;
}

/** The fleet's rows: the online remotes' instances, in the console server's order. */
export function fleetRows(states: readonly RemoteListState[]): FleetInstance[] | undefined {
  const online = states.filter((state) => state.remote.state === 'online');
  if (online.length > 0 && online.every((state) => state.list === undefined && state.pending)) {
    return undefined;
  }
  return online.flatMap((state) => (state.list ? fleetItems(state.remote, state.list.items) : []));
}

/**
 * Why the list has no rows to show, when no remote could give any: every remote down, or every
 * online remote's list failed. Undefined while one remote has rows, or may still have.
 */
export function fleetError(states: readonly RemoteListState[]): Error | undefined {
  if (states.length === 0) return undefined;
  const online = states.filter((state) => state.remote.state === 'online');
  if (online.length === 0) {
    const why = states.map(({ remote }) =>
      remote.error
        ? `${remote.name} is ${remote.state}: ${remote.error}`
        : `${remote.name} is ${remote.state}`,
    );
    return new Error(`No remote can be reached. ${why.join('; ')}`);
  }
  if (online.every((state) => state.error !== undefined && state.list === undefined)) {
    const why = online.map((state) => `${state.remote.name}: ${state.error ?? ''}`);
    return new Error(`No remote could list its instances. ${why.join('; ')}`);
  }
  return undefined;
}

/**
 * One event stream per online remote, applying instance events to that remote's list in place.
 * A stream that connects again after a drop asks for the remote's list again (events may have
 * been missed meanwhile).
 */
function useFleetEvents(client: QueryClient, online: readonly ConsoleRemote[]) {
  const names = online.map((remote) => `${remote.name}\n${String(remote.default)}`).join('\t');
  useEffect(() => {
    const sockets = online.map((remote) => {
      const scope = fleetScope(remote);
      const socket = new EventSocket({
        url: websocketUrl(EVENTS_PATH, { remote: remoteArg(remote) }),
      });
      let connectedBefore = false;
      socket.onStatus((status) => {
        if (status.state !== 'connected') return;
        if (connectedBefore) {
          void client.invalidateQueries({ queryKey: fleetInstanceKeys.list(remote.name) });
        }
        connectedBefore = true;
      });
      socket.subscribe((event) => {
        if (isLifecycleEvent(event)) applyInstanceEvent(client, event, scope);
      });
      socket.start();
      return socket;
    });
    return () => {
      for (const socket of sockets) socket.stop();
    };
    // `names` stands for the online remotes (a new array on every answer of the remotes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, names]);
}

/**
 * One remote's instances of every project, names first (the instance list's loadList; an
 * identity restricted to some projects gets them project by project).
 */
export const loadRemoteList = (
  client: QueryClient,
  remote: Pick<ConsoleRemote, 'name' | 'default'>,
  signal: AbortSignal,
): Promise<InstanceList> =>
  loadList(client, fleetInstanceKeys.list(remote.name), undefined, signal, remoteArg(remote));

type ListResult = { data?: InstanceList | undefined; isPending: boolean; error: unknown };

/** Each remote's list query, as the fleet reads it (stable while no query changes). */
const combineLists = (results: ListResult[]) =>
  results.map((result) => ({
    list: result.data,
    pending: result.isPending,
    error: result.error instanceof Error ? result.error.message : undefined,
  }));

/** Every online remote's instances, each remote asked on its own, live through its events. */
export function useFleetInstances(): ListRows<FleetInstance> & {
  remotes: readonly RemoteListState[] | undefined;
} {
  const client = useQueryClient();
  const remotes = useRemotes();
  const list = remotes.data ?? undefined;
  const results = useQueries({
    queries: (list ?? []).map((remote) => ({
      queryKey: fleetInstanceKeys.list(remote.name),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadRemoteList(client, remote, signal),
      enabled: remote.state === 'online',
      // Thousands of items: no deep comparison of every answer with the last one.
      structuralSharing: false,
      retry: 1,
    })),
    combine: combineLists,
  });
  const online = useMemo(() => (list ?? []).filter((remote) => remote.state === 'online'), [list]);
  useFleetEvents(client, online);
  const states = useMemo(
    () =>
      list?.map((remote, index): RemoteListState => ({
        remote,
        ...(results[index] ?? { list: undefined, pending: true, error: undefined }),
      })),
    [list, results],
  );
  const rows = useMemo(() => (states ? fleetRows(states) : undefined), [states]);
  const error = useMemo(() => (states ? fleetError(states) : undefined), [states]);
  const query = useMemo(
    () =>
      error === undefined
        ? remotes
        : {
            isPending: false,
            error,
            refetch: () => client.invalidateQueries({ queryKey: ['fleet', 'instances'] }),
          },
    [error, remotes, client],
  );
  return { rows: remotes.data === null ? [] : rows, query, remotes: states };
}
