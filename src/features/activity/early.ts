/**
 * The Activity page's first page, asked by its route's loader while the page's code loads (a
 * module of its own, light: the route table carries it into the first screen).
 */
import { fetchActivity, type ActivityFilter, type ActivityPage, type NoJournal } from './api';
import { filterProblems, hasProblems, readFilter, requestFilter } from './filters';

/** Entries a page asks for. */
export const ACTIVITY_PAGE_SIZE = 100;

/** The first page asked by the route's loader, by filter, while the page's code loads. */
const early = new Map<string, { page: Promise<ActivityPage | NoJournal>; at: number }>();
/** An early first page older than this is asked again. */
const EARLY_MAX_AGE_MS = 10_000;

/**
 * Starts asking for the first page of the Activity page's address (`search`) at once, in
 * parallel with sign-in and the page's code; filters with problems ask nothing.
 */
export function prefetchActivity(search: string): void {
  const filter = readFilter(new URLSearchParams(search));
  if (hasProblems(filterProblems(filter))) return;
  const request = requestFilter(filter);
  const page = fetchActivity(request, { limit: ACTIVITY_PAGE_SIZE });
  page.catch(() => undefined);
  early.set(JSON.stringify(request), { page, at: Date.now() });
}

export function takeEarly(filter: ActivityFilter) {
  const key = JSON.stringify(filter);
  const entry = early.get(key);
  early.delete(key);
  return entry && Date.now() - entry.at <= EARLY_MAX_AGE_MS ? entry.page : undefined;
}
