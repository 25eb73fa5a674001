/**
 * The console server's activity journal: `GET /console/activity` (who did what, from LXD's
 * lifecycle events and their `requestor`, newest first) and `GET /console/activity/export`.
 * Served by LXD itself the path answers 404: there is no journal, only the events this tab has
 * seen (events.ts).
 */
import { LxdApiError } from '../../lxd/client';

export const ACTIVITY_PATH = '/console/activity';
export const ACTIVITY_EXPORT_PATH = '/console/activity/export';

export interface ActivityJournal {
  /** `behind` while the console server cannot reach its database (entries are written later). */
  state: 'ok' | 'behind';
  pending: number;
  message: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Older entries follow (ask with `before` = the last entry's id). */
  more: boolean;
  journal: ActivityJournal | null;
}

import { RESOURCE_TYPES, type ActivityEntry, type ResourceType } from '../../lxd/activity';

export { RESOURCE_TYPES, type ActivityEntry, type ResourceType };

/** How a resource type reads in the console. */
export const RESOURCE_TYPE_LABELS: Readonly<Record<ResourceType, string>> = {
  instance: 'instance',
  snapshot: 'snapshot',
  profile: 'profile',
  project: 'project',
  network: 'network',
  'network-acl': 'network ACL',
  'network-forward': 'network forward',
  'storage-pool': 'storage pool',
  'storage-volume': 'storage volume',
  'storage-bucket': 'storage bucket',
  image: 'image',
  'cluster-member': 'cluster member',
  certificate: 'certificate',
  operation: 'operation',
  other: 'other',
};

export const resourceTypeLabel = (type: string): string =>
  (RESOURCE_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type;

/** The filters of the journal, in the order they are written in an address. */
export const FILTER_PARAMS = [
  'user',
  'action',
  'type',
  'project',
  'remote',
  'resource',
  'since',
  'until',
] as const;

export type FilterParam = (typeof FILTER_PARAMS)[number];

/** Only the filters that are set (as the server gets them: `since`/`until` in ISO 8601). */
export type ActivityFilter = Partial<Record<FilterParam, string>>;

/** Where a page starts: older than `before`, or newer than `after` (the live tail). */
export interface ActivityCursor {
  before?: string | undefined;
  after?: string | undefined;
  limit?: number | undefined;
}

/** The server refused a filter (400 with `metadata.field`): its message goes next to that field. */
export class ActivityFilterError extends LxdApiError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message, 400, 400);
  }
}

/** The search of a request (or of the Activity page's address) for a filter and cursor. */
export function activitySearch(filter: ActivityFilter, cursor: ActivityCursor = {}) {
  const search = new URLSearchParams();
  for (const param of FILTER_PARAMS) {
    const value = filter[param];
    if (value) search.set(param, value);
  }
  if (cursor.before) search.set('before', cursor.before);
  if (cursor.after) search.set('after', cursor.after);
  if (cursor.limit !== undefined) search.set('limit', String(cursor.limit));
  return search;
}

/** The download of the entries a filter selects (`format` first, then the filters). */
export function activityExportUrl(format: 'csv' | 'jsonl', filter: ActivityFilter): string {
  const search = new URLSearchParams({ format });
  for (const [param, value] of activitySearch(filter)) search.set(param, value);
  return `${ACTIVITY_EXPORT_PATH}?${search.toString()}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const KINDS: readonly unknown[] = ['lifecycle', 'operation', 'gap'];
const OUTCOMES: readonly unknown[] = ['success', 'failure', 'gap'];

/** One entry of an answer, or null without an id; what it does not say is left empty. */
export function readActivityEntry(value: unknown): ActivityEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  const id = typeof entry.id === 'number' ? String(entry.id) : text(entry.id);
  if (id === '') return null;
  const kind = KINDS.includes(entry.kind) ? (entry.kind as ActivityEntry['kind']) : 'lifecycle';
  const outcome = OUTCOMES.includes(entry.outcome)
    ? (entry.outcome as ActivityEntry['outcome'])
    : kind === 'gap'
      ? 'gap'
      : 'success';
  return {
    id,
    time: text(entry.time),
    kind,
    action: text(entry.action),
    outcome,
    remote: text(entry.remote),
    project: text(entry.project),
    resourceType: text(entry.resourceType) || 'other',
    resource: text(entry.resource),
    name: text(entry.name),
    user: text(entry.user),
    identity: text(entry.identity),
    protocol: text(entry.protocol),
    address: text(entry.address),
    consoleUser: textOrNull(entry.consoleUser),
    viaConsole: entry.viaConsole === true,
    message: text(entry.message),
    until: textOrNull(entry.until),
  };
}

function readJournal(value: unknown): ActivityJournal | null {
  if (typeof value !== 'object' || value === null) return null;
  const journal = value as Record<string, unknown>;
  return {
    state: journal.state === 'behind' ? 'behind' : 'ok',
    pending: typeof journal.pending === 'number' ? journal.pending : 0,
    message: text(journal.message),
  };
}

/** The `error` and `metadata.field` of an LXD-shaped error body, if the text is one. */
function readError(body: string): { message: string; field: string | null } | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; metadata?: unknown } | null;
    if (typeof parsed?.error !== 'string' || parsed.error === '') return null;
    const metadata = parsed.metadata as { field?: unknown } | null | undefined;
    return {
      message: parsed.error,
      field: typeof metadata?.field === 'string' && metadata.field ? metadata.field : null,
    };
  } catch {
    return null;
  }
}

/**
 * No journal to read (404): LXD serves the console (`reason` ''), or the console server keeps
 * none (its `reason`, "console server: the activity journal is off on this server").
 */
export interface NoJournal {
  reason: string;
}

/**
 * A page of the journal, or NoJournal (404). A refused filter throws ActivityFilterError; any
 * other failure an LxdApiError with the server's message.
 */
export async function fetchActivity(
  filter: ActivityFilter,
  cursor: ActivityCursor = {},
  signal?: AbortSignal,
): Promise<ActivityPage | NoJournal> {
  const search = activitySearch(filter, cursor).toString();
  const response = await fetch(`${ACTIVITY_PATH}${search ? `?${search}` : ''}`, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const error = readError(await response.text().catch(() => ''));
    if (response.status === 404) {
      const reason = error?.message ?? '';
      return { reason: reason.startsWith('console server:') ? reason : '' };
    }
    if (response.status === 400 && error?.field) {
      throw new ActivityFilterError(error.message, error.field);
    }
    throw new LxdApiError(
      error?.message ??
        `The console server answered ${String(response.status)} ${response.statusText}`.trim(),
      response.status,
    );
  }
  const body = (await response.json()) as Record<string, unknown> | null;
  const list = body?.entries;
  if (!Array.isArray(list)) throw new Error("The console server's activity: no list of entries");
  return {
    entries: list.map(readActivityEntry).filter((entry) => entry !== null),
    more: body?.more === true,
    journal: readJournal(body?.journal),
  };
}
