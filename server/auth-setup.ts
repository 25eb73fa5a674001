/**
 * Puts authentication, per-user identities and the audit log together for the console server:
 * the gate for every request, and for each remote the proxy that picks the user's LXD identity
 * there and logs changes.
 */
import { auditedProxy, openAuditLog, type AuditLog } from './audit';
import { createAuthGate, type AuthGate, type AuthSettings } from './auth';
import type { ConsoleConfig, LxdTarget } from './config';
import { ConsoleError, errorMessage } from './errors';
import type { GuardOptions } from './guard';
import { createIdentityProxy, type IdentityProxy } from './identities';
import { identitiesOf, loadIdentities } from './identities-file';
import { checkLxd } from './lxd-check';
import type { LxdProxy } from './proxy';
import { remoteWarning } from './remotes';

/** A remote as the access layer gets it: its target, and the proxy with the server's identity. */
export interface RemoteProxy {
  name: string;
  isDefault: boolean;
  target: LxdTarget;
  serverProxy: LxdProxy;
}

export interface Access {
  gate: AuthGate;
  /** Each remote's proxy, by name: the user's identity there, and the audit log. */
  proxies: ReadonlyMap<string, LxdProxy>;
  /**
   * Asks each remote whether it trusts each user's certificate there (the server's own is
   * checked apart): a refusal by the default remote stops the start, another remote's is one
   * line on stderr. Remotes in `skip` (unreachable at start) are not asked.
   */
  check: (skip?: ReadonlySet<string>) => Promise<void>;
  /** Each remote's LXD targets the console acts with there: its own, and each user's. */
  targets: ReadonlyMap<string, readonly LxdTarget[]>;
  close: () => void;
}

export function createAccess(
  config: ConsoleConfig,
  settings: AuthSettings | undefined,
  remotes: readonly RemoteProxy[],
  guard: GuardOptions,
  /** Also told of every change through each remote's proxy (the journal's console calls). */
  calls?: AuditLog,
): Access {
  const file =
    config.identities === undefined
      ? undefined
      : loadIdentities(
          config.identities,
          remotes.map(({ name, target }) => ({ name, kind: target.kind })),
        );
  const identities: Array<{ remote: RemoteProxy; proxy: IdentityProxy }> = [];
  const closeIdentities = () => {
    for (const { proxy } of identities) proxy.close();
  };
  let audit: ReturnType<typeof openAuditLog> | undefined;
  try {
    for (const remote of remotes) {
      const set = identitiesOf(file, remote.name, remote.isDefault);
      const proxy = createIdentityProxy(remote.serverProxy, set, remote.target, guard);
      identities.push({ remote, proxy });
    }
    if (config.auditLog) {
      try {
        audit = openAuditLog(config.auditLog.file, config.auditLog.maxBytes);
      } catch (error) {
        throw new ConsoleError(
          `cannot open the audit log ${config.auditLog.file}: ${errorMessage(error)}`,
        );
      }
    }
  } catch (error) {
    closeIdentities();
    throw error;
  }
  const mappedGroups = new Set(
    [file, ...(file?.remotes.values() ?? [])].flatMap((set) => [...(set?.groups.keys() ?? [])]),
  );
  const gate = createAuthGate(settings, { ...guard, mappedGroups });
  const proxies = new Map<string, LxdProxy>();
  // With --remotes every line names its remote, the default one's too; with one LXD the lines
  // stay as they were.
  const named = config.remotes !== undefined;
  for (const { remote, proxy } of identities) {
    const logged = audit
      ? auditedProxy(proxy.proxy, audit, named ? remote.name : undefined)
      : proxy.proxy;
    proxies.set(remote.name, calls ? auditedProxy(logged, calls, remote.name) : logged);
  }
  const targets = new Map(
    identities.map(({ remote, proxy }) => [
      remote.name,
      [remote.target, ...proxy.users.map((user) => user.target)],
    ]),
  );
  return {
    gate,
    proxies,
    targets,
    async check(skip = new Set()) {
      const checkUser = ({ user, upstream, target }: IdentityProxy['users'][number]) =>
        checkLxd(upstream, target).catch((error: unknown) => {
          const who = user.startsWith('group "') ? user : `"${user}"`;
          throw new ConsoleError(`identity of ${who}: ${errorMessage(error)}`);
        });
      const main = async () => {
        for (const { remote, proxy } of identities) {
          if (!remote.isDefault) continue;
          for (const user of proxy.users) await checkUser(user);
        }
      };
      // Another remote's identities are asked for all at once, each failure said on its own.
      const others = identities
        .filter(({ remote }) => !remote.isDefault && !skip.has(remote.name))
        .flatMap(({ remote, proxy }) =>
          proxy.users.map((user) =>
            checkUser(user).catch((error: unknown) => {
              process.stderr.write(remoteWarning(remote.name, error));
            }),
          ),
        );
      const [done] = await Promise.allSettled([main(), ...others]);
      if (done.status === 'rejected') throw done.reason;
    },
    close() {
      gate.close();
      closeIdentities();
      audit?.close();
    },
  };
}
