/**
 * GET /console/activity: a page of the journal as JSON, newest first, with the journal's state;
 * GET /console/activity/export?format=csv|jsonl: every matching entry as a file. The filters are
 * the page's URL parameters (user, action, type, project, remote, resource, since, until, before,
 * after, limit); a bad one is a 400 naming its field. A user sees the entries of the projects
 * their LXD identity can see on each remote (asked of LXD as that user, kept 30 s).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestUser } from '../auth';
import { errorMessage } from '../errors';
import { sendLxdError, type LxdProxy } from '../proxy';
import { ACTIVITY_FILTER_LABELS, RESOURCE_TYPES } from '../../src/lxd/activity';
import { urlName } from '../../src/lxd/url-name';
import { JOURNAL_BEHIND, type Journal } from './journal';
import {
  allEntries,
  MAX_PAGE,
  queryEntries,
  type ActivityEntry,
  type JournalFilter,
  type Visibility,
} from './store';

export const FILTER_LABELS = {
  ...ACTIVITY_FILTER_LABELS,
  before: 'Before',
  after: 'After',
  limit: 'Limit',
} as const;

export type FilterField = keyof typeof FILTER_LABELS;

export function timeMessage(label: string): string {
  return `${label} must be a date and time, such as 2026-11-29T14:00:00Z`;
}
export const ORDER_MESSAGE = 'From must be before To';
export const TYPE_MESSAGE = `Resource type must be one of ${RESOURCE_TYPES.join(', ')}`;
export function idMessage(label: string): string {
  return `${label} must be an entry id (a whole number)`;
}
export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${String(MAX_PAGE)}`;
export const RESOURCE_MESSAGE = 'Resource must be an LXD path such as /1.0/instances/c1';
export const JOURNAL_UNAVAILABLE =
  'console server: the journal cannot be read now (its database cannot be reached)';

export type ParsedFilter =
  { ok: true; filter: JournalFilter } | { ok: false; field: FilterField; message: string };

const TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The filter of a query string, or the first problem with its field. */
export function parseFilter(query: URLSearchParams): ParsedFilter {
  const filter: JournalFilter = {};
  const text = (name: FilterField) => {
    const value = query.get(name)?.trim();
    return value ? value : undefined;
  };
  for (const name of ['user', 'action', 'project', 'remote'] as const) {
    const value = text(name);
    if (value !== undefined) filter[name] = value;
  }
  const type = text('type');
  if (type !== undefined) {
    if (!(RESOURCE_TYPES as readonly string[]).includes(type))
      return { ok: false, field: 'type', message: TYPE_MESSAGE };
    filter.type = type;
  }
  const resource = text('resource');
  if (resource !== undefined) {
    if (!resource.startsWith('/1.0/') || resource.includes('?'))
      return { ok: false, field: 'resource', message: RESOURCE_MESSAGE };
    filter.resource = resource.replace(/\/$/, '');
  }
  for (const name of ['since', 'until'] as const) {
    const value = text(name);
    if (value === undefined) continue;
    const time = new Date(value);
    if (!TIME.test(value) || Number.isNaN(time.getTime()))
      return { ok: false, field: name, message: timeMessage(FILTER_LABELS[name]) };
    filter[name] = time.toISOString();
  }
  if (filter.since && filter.until && filter.since > filter.until)
    return { ok: false, field: 'since', message: ORDER_MESSAGE };
  for (const name of ['before', 'after'] as const) {
    const value = text(name);
    if (value === undefined) continue;
    if (!/^\d{1,18}$/.test(value))
      return { ok: false, field: name, message: idMessage(FILTER_LABELS[name]) };
    filter[name] = value;
  }
  const limit = text('limit');
  if (limit !== undefined) {
    const n = Number(limit);
    if (!/^\d+$/.test(limit) || n < 1 || n > MAX_PAGE)
      return { ok: false, field: 'limit', message: LIMIT_MESSAGE };
    filter.limit = n;
  }
  return { ok: true, filter };
}

/** A 400 naming the parameter that is wrong (also for /console/usage, usage-http.ts). */
export function sendFilterError(res: ServerResponse, field: string, message: string): void {
  const body = JSON.stringify({
    type: 'error',
    error: message,
    error_code: 400,
    metadata: { field },
  });
  res.writeHead(400, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

export const CSV_COLUMNS = [
  'time',
  'identity',
  'user',
  'console_user',
  'action',
  'outcome',
  'resource_type',
  'resource',
  'name',
  'remote',
  'project',
  'message',
] as const;

function csvCell(value: string | null): string {
  const text = value ?? '';
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(entry: ActivityEntry): string {
  return `${[
    entry.time,
    entry.identity,
    entry.user,
    entry.consoleUser ?? (entry.viaConsole ? '(console)' : ''),
    entry.action,
    entry.outcome,
    entry.resourceType,
    entry.resource,
    entry.name,
    entry.remote,
    entry.project,
    entry.message,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

const VISIBILITY_TTL_MS = 30_000;
const PROJECTS_TIMEOUT_MS = 5_000;
const PROJECTS_MAX_BYTES = 4 * 1024 * 1024;

export interface ActivityOptions {
  journal: Journal;
  /** Each remote's proxy (as the request's user), by name. */
  proxies: ReadonlyMap<string, LxdProxy>;
  /** Whether users act with identities of their own (else everyone sees everything). */
  perUser: boolean;
}

/**
 * The projects a user can see on each remote, asked of LXD through the user's identity (also
 * for /console/usage, usage-http.ts).
 */
export function createVisibility(options: Pick<ActivityOptions, 'proxies' | 'perUser'>) {
  const cache = new Map<string, { at: number; visible: Promise<Visibility> }>();
  return (req: IncomingMessage): Promise<Visibility> => {
    if (!options.perUser) return Promise.resolve('all');
    const user = requestUser(req) ?? '';
    const cached = cache.get(user);
    if (cached && Date.now() - cached.at < VISIBILITY_TTL_MS) return cached.visible;
    const visible = (async () => {
      const map = new Map<string, Set<string>>();
      await Promise.all(
        [...options.proxies].map(async ([remote, proxy]) => {
          const answer = await proxy.read(
            req,
            '/1.0/projects',
            PROJECTS_TIMEOUT_MS,
            PROJECTS_MAX_BYTES,
          );
          const names = new Set<string>();
          try {
            const metadata = (JSON.parse(answer?.body ?? '{}') as { metadata?: unknown }).metadata;
            if (Array.isArray(metadata)) {
              for (const url of metadata) {
                if (typeof url !== 'string') continue;
                names.add(urlName(url));
              }
            }
          } catch {
            // Nothing readable: nothing of that remote is shown.
          }
          map.set(remote, names);
        }),
      );
      return map;
    })();
    cache.set(user, { at: Date.now(), visible });
    if (cache.size > 1_000) cache.delete(cache.keys().next().value ?? '');
    return visible;
  };
}

function startExport(res: ServerResponse, csv: boolean, stamp: string): void {
  res.writeHead(200, {
    'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/jsonl; charset=utf-8',
    'Content-Disposition': `attachment; filename="activity-${stamp}.${csv ? 'csv' : 'jsonl'}"`,
    'Cache-Control': 'no-store',
  });
  if (csv) res.write(`${CSV_COLUMNS.join(',')}\r\n`);
}

export function createActivityHandler(options: ActivityOptions) {
  const visibility = createVisibility(options);
  return async (req: IncomingMessage, res: ServerResponse, exportFile: boolean) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendLxdError(res, 405, 'method not allowed');
      return;
    }
    const query = new URL(req.url ?? '', 'http://console').searchParams;
    const parsed = parseFilter(query);
    if (!parsed.ok) {
      sendFilterError(res, parsed.field, parsed.message);
      return;
    }
    const format = query.get('format') ?? 'jsonl';
    if (exportFile && format !== 'csv' && format !== 'jsonl') {
      sendLxdError(res, 400, 'console server: format must be csv or jsonl');
      return;
    }
    let visible: Visibility;
    try {
      visible = await visibility(req);
    } catch (error) {
      process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
      sendLxdError(res, 503, JOURNAL_UNAVAILABLE);
      return;
    }
    if (!exportFile) {
      let body: string;
      try {
        const page = await options.journal.read((db) => queryEntries(db, parsed.filter, visible));
        body = JSON.stringify({ ...page, journal: options.journal.status() });
      } catch (error) {
        // The database is gone: the page says the journal is behind (nothing is lost).
        const status = options.journal.status();
        body = JSON.stringify({
          entries: [],
          more: false,
          journal: { state: 'behind', pending: status.pending, message: JOURNAL_BEHIND },
        });
        process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
      }
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const csv = format === 'csv';
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    try {
      await options.journal.read(async (db) => {
        // Streamed a page at a time: the headers go with the first page.
        for await (const entry of allEntries(db, parsed.filter, visible)) {
          if (!res.headersSent) startExport(res, csv, stamp);
          res.write(csv ? csvLine(entry) : `${JSON.stringify(entry)}\n`);
        }
      });
      if (!res.headersSent) startExport(res, csv, stamp);
      res.end();
    } catch (error) {
      process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
      if (!res.headersSent) sendLxdError(res, 503, JOURNAL_UNAVAILABLE);
      else res.destroy();
    }
  };
}
