/**
 * An instance's page is what a user opens from the list, and its code is ~35 files (the page,
 * its header actions and their dialogs' form code, the overview tab). Fetched on the click they
 * took ~120 ms of the ~180 ms to the heading at 1,000 instances (bench), and over 300 ms on a
 * busy machine. Once the list is complete, they load in idle time, so opening an instance waits
 * only for its own data. Not with the browser's data saver on. The loaders live here, in the
 * entry (the routes import them), so the list's chunk does not carry a second copy of the
 * page's file list.
 */
import { afterFirstScreen } from '../../../shared/ui/afterFirstScreen';
import { importWithRetry } from '../../../shared/routing/lazy';

let started = false;

/** The page's code: the route loads it (routes.tsx), and so does the preload. */
export const loadInstanceDetailPage = () => importWithRetry(() => import('./InstanceDetailPage'));
/** Its first tab's code (the page asks for it itself: the same chunk). */
const loadOverviewTab = () => importWithRetry(() => import('./overview/OverviewTab'));

/** Starts loading the instance page's code once, in idle time; returns a cancel function. */
export function preloadInstanceDetail(): () => void {
  if (started || saveData()) return () => undefined;
  return afterFirstScreen(() => {
    if (started) return;
    started = true;
    void loadInstanceDetailPage().catch(() => undefined);
    void loadOverviewTab().catch(() => undefined);
  }, 3000);
}

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** For tests: as on a fresh page. */
export function resetInstanceDetailPreload(): void {
  started = false;
}
