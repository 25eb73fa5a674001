import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { LxdApiError } from '../../lxd/client';
import { QUERY_GC_TIME_MS, QUERY_RETRIES, queryRetryDelay } from './constants';
import { projectKeys } from './projects';
import { serverKeys } from './server';

/**
 * What LXD answers (after waiting about 10 s) when a call needs a cluster member that is offline
 * (measured on 5.0.2): asking again only makes the user wait longer; the console's member watch
 * refreshes the data when the member comes back.
 */
const MEMBER_UNREACHABLE =
  /Missing event connection with target cluster member|Unable to connect to: \S+ \(.*connection refused/;

export function isMemberUnreachable(error: unknown): boolean {
  return error instanceof LxdApiError && MEMBER_UNREACHABLE.test(error.message);
}

/**
 * Client errors (4xx) will not change on a retry, nor will an offline cluster member's; network
 * failures and other 5xx may.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof LxdApiError && error.status >= 400 && error.status < 500) return false;
  return !isMemberUnreachable(error);
}

/** At most one sign-in check per this many milliseconds, however many calls are refused. */
export const ACCESS_RECHECK_INTERVAL_MS = 5000;

/**
 * Incus 6.0 refuses a project-scoped list (GET /1.0/profiles?project=P, …) of a project the client
 * may not see with a 500 "User does not have permissions for project \"P\"", where LXD and
 * Incus's own GET /1.0/projects/P answer 403: the same refusal, under another status.
 */
const INCUS_PROJECT_REFUSAL = /^User does not have permissions? for project /;

/** Whether an error is the server refusing the client (403, or Incus's project refusal). */
export function isAccessRefusal(error: unknown): boolean {
  return (
    error instanceof LxdApiError &&
    (error.status === 403 || (error.status === 500 && INCUS_PROJECT_REFUSAL.test(error.message)))
  );
}

/**
 * A 403 may mean the client's trust changed while the console was open: its certificate revoked
 * (GET /1.0 then says `untrusted` and the app shell goes to the login page) or restricted to other
 * projects (the project list changes). So a refused call makes the console ask again: at once,
 * or, when it asked less than the interval ago, once at the end of the interval (a burst of
 * refusals still makes one check, and the last refusal is never left unchecked).
 */
export function accessRecheck(
  client: () => QueryClient,
  now: () => number = Date.now,
): (error: unknown) => void {
  let last = Number.NEGATIVE_INFINITY;
  let scheduled = false;
  const recheck = () => {
    last = now();
    void client().invalidateQueries({ queryKey: serverKeys.all });
    void client().invalidateQueries({ queryKey: projectKeys.all });
  };
  return (error) => {
    if (!isAccessRefusal(error)) return;
    const wait = last + ACCESS_RECHECK_INTERVAL_MS - now();
    if (wait <= 0) {
      recheck();
    } else if (!scheduled) {
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        recheck();
      }, wait);
    }
  };
}

export function createQueryClient(): QueryClient {
  const recheck = accessRecheck(() => queryClient);
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // GET /1.0 itself refused is the app shell's to show (Authentication failed); the
        // project list refused would only ask for itself again, every interval.
        const root = query.queryKey[0];
        if (root !== serverKeys.all[0] && root !== projectKeys.all[0]) recheck(error);
      },
    }),
    mutationCache: new MutationCache({ onError: recheck }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
