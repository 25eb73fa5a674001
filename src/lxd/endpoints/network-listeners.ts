/**
 * What listens on an address of a network: its forwards (/1.0/networks/{network}/forwards) and
 * load balancers (…/load-balancers, servers with `network_load_balancer`), one set of calls for
 * both. In a cluster they live on a member: `target` names it. Writes answer synchronously on
 * LXD 5.x and with an operation from LXD 6.8: both are awaited.
 */
import { del, get, getWithEtag, post, put, type LxdResult, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import { networkPath } from './networks';

export type ListenerCollection = 'forwards' | 'load-balancers';

export interface ListenerWhere {
  target?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** The calls of one collection: T is what LXD answers, Post and Put what it takes. */
export interface ListenerCalls<T extends object, Post, Put> {
  collection: ListenerCollection;
  /** GET …?project&recursion=1 (every member's; null is none). */
  list: (project: string, network: string, signal?: AbortSignal) => Promise<T[]>;
  /** GET one with its ETag (`target`: the member it lives on, in a cluster). */
  get: (
    project: string,
    network: string,
    address: string,
    options?: ListenerWhere,
  ) => Promise<WithEtag<T>>;
  create: (project: string, network: string, body: Post, target?: string) => Promise<void>;
  /** PUT the whole object with the ETag it was read with. */
  update: (
    project: string,
    network: string,
    address: string,
    body: Put,
    etag: string | undefined,
    target?: string,
  ) => Promise<void>;
  remove: (project: string, network: string, address: string, target?: string) => Promise<void>;
}

async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

export function listenerCalls<T extends object, Post, Put>(
  collection: ListenerCollection,
): ListenerCalls<T, Post, Put> {
  const all = (network: string) => `${networkPath(network)}/${collection}`;
  const one = (network: string, address: string) =>
    `${all(network)}/${encodeURIComponent(address)}`;
  return {
    collection,
    list: async (project, network, signal) =>
      (await get<T[] | null>(all(network), { project, recursion: 1, signal })) ?? [],
    get: (project, network, address, options = {}) =>
      getWithEtag<T>(one(network, address), {
        project,
        target: options.target,
        signal: options.signal,
      }),
    create: async (project, network, body, target) => {
      await settled(await post(all(network), body, { project, target }), project);
    },
    update: async (project, network, address, body, etag, target) => {
      await settled(await put(one(network, address), body, { project, etag, target }), project);
    },
    remove: async (project, network, address, target) => {
      await settled(await del(one(network, address), { project, target }), project);
    },
  };
}
