/**
 * The audit log (--audit-log): JSON lines for each state-changing request through the proxy
 * (any method but GET, HEAD and OPTIONS, and websocket upgrades other than the read-only
 * /1.0/events stream): one when the request is let through to LXD (`"phase":"start"`), written
 * before LXD sees it, and one when it ends (`"phase":"end"` with LXD's status); both carry the
 * same `id`, the time, the user, with --remotes the remote (its name, the default one's too),
 * the method and the path with its query as LXD saw it (without /remote/<name>). Never bodies,
 * headers or cookies; secret-looking query values are replaced. Appended to a 0600 file,
 * rotated at a size to FILE.1 … FILE.5. It fails closed: while the start line cannot be written, changes are
 * refused with 503 and never reach LXD.
 */
import {
  closeSync,
  existsSync,
  fchmodSync,
  fstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { requestUser } from './auth';
import { errorMessage } from './errors';
import { rejectUpgrade, sendLxdError, type LxdProxy } from './proxy';

export interface AuditEntry {
  /** The same for the start and the end line of one request. */
  id?: string;
  /** `start`: let through to LXD (written before LXD sees it); `end`: answered. */
  phase?: 'start' | 'end';
  user: string | null;
  /** The remote (server/remotes.ts) the request went to; with --remotes, on every line. */
  remote?: string;
  method: string;
  /** As LXD saw it: without the /remote/<name> prefix of the console server's URL. */
  path: string;
  /** LXD's status code (or the console server's own refusal); null when none was sent. */
  status?: number | null;
}

export interface AuditLog {
  /** Whether the line was written (the file was reopened first if it had been lost). */
  record: (entry: AuditEntry) => boolean;
  close: () => void;
}

/** The refusal while the audit log cannot be written. */
export const AUDIT_UNWRITABLE =
  'console server: the audit log cannot be written, so changes are refused';

export const AUDIT_ROTATIONS = 5;
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);
const SECRET_PARAMS = /^(secret|token|password|passwd|key)$/i;

/** The request target with secret-looking query values replaced by REDACTED. */
export function redactPath(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const query = target
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=REDACTED` : pair;
    })
    .join('&');
  return `${target.slice(0, q)}?${query}`;
}

export function openAuditLog(
  file: string,
  maxBytes: number,
  now: () => Date = () => new Date(),
): AuditLog {
  let fd = -1;
  let size = 0;
  let warned = false;

  function open(): void {
    fd = openSync(file, 'a', 0o600);
    fchmodSync(fd, 0o600);
    size = fstatSync(fd).size;
  }

  function rotate(): void {
    closeSync(fd);
    fd = -1;
    rmSync(`${file}.${AUDIT_ROTATIONS}`, { force: true });
    for (let n = AUDIT_ROTATIONS - 1; n >= 1; n -= 1) {
      if (existsSync(`${file}.${n}`)) renameSync(`${file}.${n}`, `${file}.${n + 1}`);
    }
    renameSync(file, `${file}.1`);
    open();
  }

  open();
  return {
    record(entry) {
      const line = `${JSON.stringify({ time: now().toISOString(), ...entry })}\n`;
      const bytes = Buffer.byteLength(line);
      try {
        if (fd === -1) open();
        if (size > 0 && size + bytes > maxBytes) rotate();
        writeSync(fd, line);
        size += bytes;
        if (warned) {
          warned = false;
          process.stderr.write(`console server: the audit log ${file} is written again\n`);
        }
        return true;
      } catch (error) {
        // Said once per failure streak; the next record tries to open the file again.
        if (!warned) {
          warned = true;
          process.stderr.write(
            `console server: cannot write the audit log ${file}; changes are refused until it can be written: ${errorMessage(error)}\n`,
          );
        }
        if (fd !== -1) {
          try {
            closeSync(fd);
          } catch {
            // already unusable
          }
          fd = -1;
        }
        return false;
      }
    },
    close() {
      if (fd !== -1) closeSync(fd);
      fd = -1;
    },
  };
}

const runId = String(Date.now());
let sequence = 0;

function startOf(req: IncomingMessage, remote: string | undefined): AuditEntry {
  sequence += 1;
  return {
    id: `${runId}-${String(sequence)}`,
    phase: 'start',
    user: requestUser(req),
    ...(remote === undefined ? {} : { remote }),
    method: req.method ?? '',
    path: redactPath(req.url ?? ''),
  };
}

const endOf = (start: AuditEntry, status: number | null): AuditEntry => ({
  ...start,
  phase: 'end',
  status,
});

/** Parses the status of the first bytes written to an upgraded client socket. */
function statusOfUpgradeReply(chunk: unknown): number | null {
  const text =
    typeof chunk === 'string'
      ? chunk
      : Buffer.isBuffer(chunk)
        ? chunk.toString('latin1', 0, 32)
        : '';
  const match = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(text);
  return match ? Number(match[1]) : null;
}

function isEventStream(target: string): boolean {
  const rawPath = target.split('?')[0] ?? '';
  return rawPath === '/1.0/events' || rawPath === '/1.0/events/';
}

/**
 * Wraps a proxy so that each state-changing request is logged before LXD sees it and again with
 * its status; a request whose first line cannot be written is refused (503) and not forwarded.
 * `remote` names the remote in each line; the request's URL is the one LXD gets.
 */
export function auditedProxy(proxy: LxdProxy, log: AuditLog, remote?: string): LxdProxy {
  return {
    // Reads change nothing: not logged.
    read: (req, path, timeoutMs, maxBytes) => proxy.read(req, path, timeoutMs, maxBytes),
    web(req, res) {
      if (!READ_ONLY.has(req.method ?? 'GET')) {
        const start = startOf(req, remote);
        if (!log.record(start)) {
          req.resume();
          sendLxdError(res, 503, AUDIT_UNWRITABLE);
          return;
        }
        res.once('close', () => log.record(endOf(start, res.headersSent ? res.statusCode : null)));
      }
      proxy.web(req, res);
    },
    ws(req, socket: Duplex, head) {
      // The event stream only reads; the operation websockets (exec, console) are logged.
      if (isEventStream(req.url ?? '')) {
        proxy.ws(req, socket, head);
        return;
      }
      const start = startOf(req, remote);
      if (!log.record(start)) {
        rejectUpgrade(socket, 503, AUDIT_UNWRITABLE);
        return;
      }
      let logged = false;
      const logOnce = (status: number | null): void => {
        if (logged) return;
        logged = true;
        log.record(endOf(start, status));
      };
      // The first bytes the client gets are the reply's status line: 101 from LXD, or an error.
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      const end = socket.end.bind(socket) as (...args: unknown[]) => Duplex;
      socket.write = ((...args: unknown[]) => {
        logOnce(statusOfUpgradeReply(args[0]));
        return write(...args);
      }) as typeof socket.write;
      socket.end = ((...args: unknown[]) => {
        if (typeof args[0] !== 'function') logOnce(statusOfUpgradeReply(args[0]));
        return end(...args);
      }) as typeof socket.end;
      socket.once('close', () => logOnce(null));
      proxy.ws(req, socket, head);
    },
  };
}
