/**
 * Puts authentication, per-user identities and the audit log together for the console server:
 * the gate for every request, and the proxy that picks the user's LXD identity and logs changes.
 */
import { auditedProxy, openAuditLog } from './audit';
import { createAuthGate, type AuthGate, type AuthSettings } from './auth';
import type { ConsoleConfig } from './config';
import { ConsoleError, errorMessage } from './errors';
import type { GuardOptions } from './guard';
import { createIdentityProxy } from './identities';
import { loadIdentities } from './identities-file';
import { checkLxd } from './lxd-check';
import type { LxdProxy } from './proxy';

export interface Access {
  gate: AuthGate;
  proxy: LxdProxy;
  /** Asks LXD whether it trusts each user's certificate (the server's own is checked apart). */
  check: () => Promise<void>;
  close: () => void;
}

export function createAccess(
  config: ConsoleConfig,
  settings: AuthSettings | undefined,
  serverProxy: LxdProxy,
  guard: GuardOptions,
): Access {
  const file = config.identities === undefined ? undefined : loadIdentities(config.identities);
  const identities = createIdentityProxy(serverProxy, file, config.lxd, guard);
  let audit: ReturnType<typeof openAuditLog> | undefined;
  if (config.auditLog) {
    try {
      audit = openAuditLog(config.auditLog.file, config.auditLog.maxBytes);
    } catch (error) {
      identities.close();
      throw new ConsoleError(
        `cannot open the audit log ${config.auditLog.file}: ${errorMessage(error)}`,
      );
    }
  }
  const gate = createAuthGate(settings, {
    ...guard,
    mappedGroups: new Set(file?.groups.keys() ?? []),
  });
  return {
    gate,
    proxy: audit ? auditedProxy(identities.proxy, audit) : identities.proxy,
    async check() {
      for (const { user, upstream, target } of identities.users) {
        await checkLxd(upstream, target).catch((error: unknown) => {
          const who = user.startsWith('group "') ? user : `"${user}"`;
          throw new ConsoleError(`identity of ${who}: ${errorMessage(error)}`);
        });
      }
    },
    close() {
      gate.close();
      identities.close();
      audit?.close();
    },
  };
}
