/**
 * The changes users made through the console server, kept for a short while so that the
 * lifecycle event LXD sends for one can name the console user who asked (LXD only knows the
 * console server's own identity, or the user's LXD identity). Fed like the audit log, from the
 * proxy (server/audit.ts `auditedProxy`).
 */
import type { AuditEntry, AuditLog } from '../audit';
import { pathOf, type JournalEntry } from './entries';

/** How long after a request its event may come (a long operation: a big image, a copy). */
export const CALL_WINDOW_MS = 10 * 60_000;
const MAX_CALLS = 10_000;

interface Call {
  at: number;
  remote: string;
  user: string | null;
  method: string;
  path: string;
  project: string;
}

function projectOf(target: string): string {
  const q = target.indexOf('?');
  return (q === -1 ? null : new URLSearchParams(target.slice(q + 1)).get('project')) ?? 'default';
}

/** Whether the request could have caused an event about `resourcePath`. */
export function callConcerns(
  call: { method: string; path: string },
  resourcePath: string,
): boolean {
  const path = pathOf(call.path).replace(/\/$/, '');
  if (path === resourcePath || path.startsWith(`${resourcePath}/`)) return true;
  // A create: POST /1.0/instances makes /1.0/instances/NAME; a copy or a rename POSTs to the
  // source (/1.0/instances/OLD) and the event names the new one (/1.0/instances/NEW).
  const parent = resourcePath.slice(0, resourcePath.lastIndexOf('/'));
  if (call.method === 'POST' && path === parent) return true;
  return call.method === 'POST' && path.slice(0, path.lastIndexOf('/')) === parent;
}

export interface ConsoleCalls extends AuditLog {
  /**
   * Marks an entry as made through the console server (and by whom) when a request of the
   * console matches it: same remote and project, a path that concerns its resource, made in
   * the last CALL_WINDOW_MS, and LXD's requestor one of the console's own identities there.
   */
  attribute: (entry: JournalEntry) => JournalEntry;
}

export function createConsoleCalls(
  isConsoleIdentity: (remote: string, entry: JournalEntry) => boolean,
  now: () => number = Date.now,
): ConsoleCalls {
  const calls: Call[] = [];
  return {
    record(entry: AuditEntry) {
      if (entry.phase === 'end' || entry.remote === undefined) return true;
      calls.push({
        at: now(),
        remote: entry.remote,
        user: entry.user,
        method: entry.method,
        path: entry.path,
        project: projectOf(entry.path),
      });
      if (calls.length > MAX_CALLS) calls.splice(0, calls.length - MAX_CALLS);
      return true;
    },
    close() {
      calls.length = 0;
    },
    attribute(entry) {
      if (entry.kind === 'gap' || !entry.resourcePath) return entry;
      if (!isConsoleIdentity(entry.remote, entry)) return entry;
      const oldest = now() - CALL_WINDOW_MS;
      for (let i = calls.length - 1; i >= 0; i -= 1) {
        const call = calls[i];
        if (!call || call.at < oldest) break;
        if (call.remote !== entry.remote || call.project !== entry.project) continue;
        if (!callConcerns(call, entry.resourcePath)) continue;
        return { ...entry, viaConsole: true, consoleUser: call.user };
      }
      return entry;
    },
  };
}
