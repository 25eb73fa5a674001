/**
 * Per-user LXD identities (--identities): each listed user's requests, HTTP and websockets, go
 * to LXD through their own upstream (an https.Agent with that user's client certificate), so
 * LXD's own restrictions apply to them. Others act as the server, or get 403 ("deny").
 */
import type { IncomingMessage } from 'node:http';
import { requestGroups, requestUser } from './auth';
import type { LxdTarget } from './config';
import type { GuardOptions } from './guard';
import type { IdentitySet } from './identities-file';
import { createLxdProxy, rejectUpgrade, sendLxdError, type LxdProxy } from './proxy';
import { createUpstream, type Upstream } from './upstream';

export interface UserUpstream {
  /** The user, or `group "<name>"` for a provider group's identity. */
  user: string;
  upstream: Upstream;
  /** The LXD target with that user's certificate (for the start-up check). */
  target: LxdTarget;
}

export interface IdentityProxy {
  /** Picks the proxy of the request's user. */
  proxy: LxdProxy;
  users: UserUpstream[];
  close: () => void;
}

export interface IdentityFactories {
  upstream: (target: LxdTarget) => Upstream;
  proxy: (upstream: Upstream, guard: GuardOptions) => LxdProxy;
}

const REAL: IdentityFactories = { upstream: createUpstream, proxy: createLxdProxy };

export function noIdentityMessage(user: string | null): string {
  return `console server: user "${user ?? ''}" has no LXD identity on this console server`;
}

export function createIdentityProxy(
  serverProxy: LxdProxy,
  identities: IdentitySet | undefined,
  lxd: LxdTarget,
  guard: GuardOptions,
  factories: IdentityFactories = REAL,
): IdentityProxy {
  if (!identities) {
    return { proxy: serverProxy, users: [], close: () => undefined };
  }
  const users: UserUpstream[] = [];
  const proxies = new Map<string, LxdProxy>();
  const groupProxies = new Map<string, LxdProxy>();
  try {
    // Over a unix socket there is no certificate to choose (the configuration gives none for
    // one); its "default" still applies.
    const url = lxd.kind === 'url' ? lxd : undefined;
    for (const [into, entries, label] of [
      [proxies, identities.users, (name: string) => name],
      [groupProxies, identities.groups, (name: string) => `group "${name}"`],
    ] as const) {
      if (url === undefined) continue;
      for (const [name, identity] of entries) {
        const target: LxdTarget = { ...url, cert: identity.cert, key: identity.key };
        const upstream = factories.upstream(target);
        users.push({ user: label(name), upstream, target });
        into.set(name, factories.proxy(upstream, guard));
      }
    }
  } catch (error) {
    for (const { upstream } of users) upstream.close();
    throw error;
  }

  function pick(req: IncomingMessage): LxdProxy | undefined {
    const user = requestUser(req);
    const own = user === null ? undefined : proxies.get(user);
    if (own) return own;
    // A single sign-on user: the first group of the file's "groups" the provider puts them in.
    const groups = requestGroups(req);
    for (const [group, proxy] of groupProxies) if (groups.includes(group)) return proxy;
    return identities?.default === 'deny' ? undefined : serverProxy;
  }

  return {
    proxy: {
      web(req, res) {
        const proxy = pick(req);
        if (proxy) proxy.web(req, res);
        else sendLxdError(res, 403, noIdentityMessage(requestUser(req)));
      },
      ws(req, socket, head) {
        const proxy = pick(req);
        if (proxy) proxy.ws(req, socket, head);
        else rejectUpgrade(socket, 403, noIdentityMessage(requestUser(req)));
      },
      read(req, path, timeoutMs, maxBytes) {
        const proxy = pick(req);
        return proxy ? proxy.read(req, path, timeoutMs, maxBytes) : Promise.resolve(undefined);
      },
    },
    users,
    close: () => {
      for (const { upstream } of users) upstream.close();
    },
  };
}
