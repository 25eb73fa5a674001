/**
 * GET /console/usage?remote=&project=&instance=&member=&range=1h|24h|7d|30d: the usage history
 * of one instance (project and instance), of a project (the sum over its instances) or of a
 * cluster member (the sum over the instances it ran), as `{range, resolution, points}`.
 * `remote` defaults to the console server's default remote, `range` to 1h. A bad parameter is a
 * 400 naming its field; a project the user cannot see (their LXD identity, as for the activity
 * journal) is a 403, and a member's sum counts only the projects the user can see.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from '../errors';
import { sendLxdError, type LxdProxy } from '../proxy';
import { createVisibility, sendFilterError } from './http';
import type { Journal } from './journal';
import { queryUsage, RANGES, type UsageRange, type UsageScope } from './usage-store';

export const USAGE_FIELDS = {
  remote: 'Remote',
  project: 'Project',
  instance: 'Instance',
  member: 'Cluster member',
  range: 'Range',
} as const;

export type UsageField = keyof typeof USAGE_FIELDS;

export const RANGE_MESSAGE = `Range must be one of ${RANGES.join(', ')}`;
export const SCOPE_MESSAGE = 'Give a project (and an instance of it) or a cluster member';
export const INSTANCE_PROJECT_MESSAGE = 'An instance needs its project';
export const MEMBER_AND_PROJECT_MESSAGE = 'Give a project or a cluster member, not both';
export function remoteMessage(name: string): string {
  return `There is no remote "${name}" on this console server`;
}
export function forbiddenMessage(project: string): string {
  return `console server: you cannot see project "${project}"`;
}
export const USAGE_UNAVAILABLE =
  'console server: the usage history cannot be read now (its database cannot be reached)';

export type ParsedUsageQuery =
  | { ok: true; scope: UsageScope; range: UsageRange }
  | { ok: false; field: UsageField; message: string };

/** The scope and range of a query string, or the first problem with its field. */
export function parseUsageQuery(
  query: URLSearchParams,
  remotes: readonly string[],
  defaultRemote: string,
): ParsedUsageQuery {
  const text = (name: UsageField) => query.get(name)?.trim() ?? '';
  const remote = text('remote') || defaultRemote;
  if (!remotes.includes(remote))
    return { ok: false, field: 'remote', message: remoteMessage(remote) };
  const range = text('range') || '1h';
  if (!(RANGES as readonly string[]).includes(range))
    return { ok: false, field: 'range', message: RANGE_MESSAGE };
  const project = text('project');
  const instance = text('instance');
  const member = text('member');
  let scope: UsageScope;
  if (member) {
    if (project || instance)
      return { ok: false, field: 'member', message: MEMBER_AND_PROJECT_MESSAGE };
    scope = { kind: 'member', remote, member };
  } else if (instance) {
    if (!project) return { ok: false, field: 'project', message: INSTANCE_PROJECT_MESSAGE };
    scope = { kind: 'instance', remote, project, instance };
  } else if (project) scope = { kind: 'project', remote, project };
  else return { ok: false, field: 'project', message: SCOPE_MESSAGE };
  return { ok: true, scope, range: range as UsageRange };
}

export interface UsageHandlerOptions {
  journal: Pick<Journal, 'read'>;
  proxies: ReadonlyMap<string, LxdProxy>;
  perUser: boolean;
  /** Every remote's name, and the default one's. */
  remotes: readonly string[];
  defaultRemote: string;
  /** The clock (tests). */
  now?: () => number;
}

export function createUsageHandler(options: UsageHandlerOptions) {
  const visibility = createVisibility(options);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendLxdError(res, 405, 'method not allowed');
      return;
    }
    const search = new URL(req.url ?? '', 'http://console').searchParams;
    const parsed = parseUsageQuery(search, options.remotes, options.defaultRemote);
    if (!parsed.ok) {
      sendFilterError(res, parsed.field, parsed.message);
      return;
    }
    let { scope } = parsed;
    try {
      const visible = await visibility(req);
      if (visible !== 'all') {
        const projects = visible.get(scope.remote) ?? new Set<string>();
        if (scope.kind === 'member') scope = { ...scope, projects: [...projects] };
        else if (!projects.has(scope.project)) {
          sendLxdError(res, 403, forbiddenMessage(scope.project));
          return;
        }
      }
      const now = options.now?.() ?? Date.now();
      const history = await options.journal.read((db) => queryUsage(db, scope, parsed.range, now));
      const body = JSON.stringify(history);
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
      if (!res.headersSent) sendLxdError(res, 503, USAGE_UNAVAILABLE);
    }
  };
}
