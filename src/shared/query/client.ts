import { QueryClient } from '@tanstack/react-query';
import { LxdApiError } from '../../lxd/client';
import { QUERY_GC_TIME_MS, QUERY_RETRIES, queryRetryDelay } from './constants';

/** Client errors (4xx) will not change on a retry; network failures and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof LxdApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
