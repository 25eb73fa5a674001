/**
 * The Activity page's filters: read from and written to its address (`?user=&action=&type=&
 * project=&remote=&resource=&since=&until=`), checked before anything is asked (a bad value
 * from the address gets its message next to its field, not an empty page), and applied to this
 * tab's own events when there is no journal.
 */
import { ACTIVITY_FILTER_LABELS } from '../../lxd/activity';
import {
  FILTER_PARAMS,
  RESOURCE_TYPES,
  type ActivityEntry,
  type ActivityFilter,
  type FilterParam,
} from './api';

/** The labels of the filter fields (the problems name them). */
export const FILTER_LABELS: Readonly<Record<FilterParam, string>> = ACTIVITY_FILTER_LABELS;

export const TIME_HELP = 'YYYY-MM-DD HH:MM in your time zone, or ISO 8601 (2026-05-01T14:00:00Z)';

/** "From must be a date and time: …" (the server says it the same way, with ISO 8601 only). */
export const invalidTime = (label: string) =>
  `${label} must be a date and time: YYYY-MM-DD HH:MM in your time zone, or ISO 8601 such as 2026-11-29T14:00:00Z.`;
export const SINCE_AFTER_UNTIL = 'From must be before To.';
export const UNKNOWN_TYPE = (type: string) => `"${type}" is not a resource type.`;
export const INVALID_RESOURCE =
  'Enter an LXD path that starts with /1.0/ (such as /1.0/instances/c1), without a query.';

export type FilterProblems = Partial<Record<FilterParam, string>>;

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A time as the filters take it: a date (its midnight), a date and time in the browser's time
 * zone, or either in ISO 8601 with `Z` or an offset. Null when it is none of these or not a day
 * or time that exists.
 */
export function parseFilterTime(value: string): Date | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // The day must exist in its month (no 31 April): Date would roll it over.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCDate() !== day) return null;
  if (zone === undefined) return new Date(year, month - 1, day, hour, minute, second, ms);
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2));
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    offset = (zone.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000);
}

/** The filters in an address; empty values are left out. */
export function readFilter(params: URLSearchParams): ActivityFilter {
  const filter: ActivityFilter = {};
  for (const param of FILTER_PARAMS) {
    const value = params.get(param)?.trim();
    if (value) filter[param] = value;
  }
  return filter;
}

/** What is wrong with the filters, by field, with the message shown next to it. */
export function filterProblems(filter: ActivityFilter): FilterProblems {
  const problems: FilterProblems = {};
  const since = filter.since ? parseFilterTime(filter.since) : undefined;
  const until = filter.until ? parseFilterTime(filter.until) : undefined;
  if (since === null) problems.since = invalidTime(FILTER_LABELS.since);
  if (until === null) problems.until = invalidTime(FILTER_LABELS.until);
  if (since && until && since.getTime() > until.getTime()) problems.since = SINCE_AFTER_UNTIL;
  if (filter.type && !(RESOURCE_TYPES as readonly string[]).includes(filter.type)) {
    problems.type = UNKNOWN_TYPE(filter.type);
  }
  if (filter.resource && (!filter.resource.startsWith('/1.0/') || filter.resource.includes('?'))) {
    problems.resource = INVALID_RESOURCE;
  }
  return problems;
}

export const hasProblems = (problems: FilterProblems) => Object.keys(problems).length > 0;

/**
 * The filters as the server gets them: times in ISO 8601 UTC (a time typed without a zone is the
 * browser's). Only for filters without problems.
 */
export function requestFilter(filter: ActivityFilter): ActivityFilter {
  const request: ActivityFilter = { ...filter };
  for (const param of ['since', 'until'] as const) {
    const value = filter[param];
    const time = value ? parseFilterTime(value) : null;
    if (time) request[param] = time.toISOString();
  }
  return request;
}

/** The path of an entry's resource, without its query. */
const pathOf = (resource: string) => resource.split('?', 1)[0] ?? '';

/**
 * Whether an entry is one the filters select, as the server decides it: the user is LXD's (or
 * its identity's name) or the console's, `resource` is that path and everything below it.
 */
export function matchesFilter(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (
    filter.user &&
    entry.user !== filter.user &&
    entry.identity !== filter.user &&
    entry.consoleUser !== filter.user
  ) {
    return false;
  }
  if (filter.action && entry.action !== filter.action) return false;
  if (filter.type && entry.resourceType !== filter.type) return false;
  if (filter.project && entry.project !== filter.project) return false;
  if (filter.remote && entry.remote !== '' && entry.remote !== filter.remote) return false;
  if (filter.resource) {
    const path = pathOf(entry.resource);
    const wanted = pathOf(filter.resource).replace(/\/+$/, '');
    if (path !== wanted && !path.startsWith(`${wanted}/`)) return false;
  }
  const time = Date.parse(entry.time);
  if (filter.since && time < Date.parse(filter.since)) return false;
  if (filter.until && time > Date.parse(filter.until)) return false;
  return true;
}
