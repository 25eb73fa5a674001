/**
 * The fake LXD of page tests: `fetch` answered by a handler (synchronously, or with an
 * operation), and `renderAt`, which renders a screen at a route in a signed-in router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from '../shared/routing/router';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '../shared/auth/context';
import {
  BulkQueueNotices,
  BulkQueueProvider,
  createBulkQueue,
  type BulkExecutors,
} from '../shared/bulk-queue';
import { NotificationProvider } from '../shared/notifications';
import { testAuth } from './render';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

export interface FakeAnswer {
  status?: number;
  metadata?: unknown;
  error?: string;
  etag?: string;
  /** Answer with an operation (`/1.0/operations/{operation}`). */
  operation?: string;
}

export type FakeHandler = (call: FakeCall) => FakeAnswer | undefined;

/** Stubs fetch: the handler answers; unknown calls get 404. */
export function fakeLxd(handler: FakeHandler): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = {
        method: init?.method ?? 'GET',
        url,
        body,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, error: 'not found' };
      const status = answer.status ?? (answer.operation ? 202 : 200);
      const envelope =
        status >= 400
          ? { type: 'error', error: answer.error ?? 'error', error_code: status, metadata: null }
          : answer.operation
            ? {
                type: 'async',
                status: 'Operation created',
                status_code: 100,
                operation: `/1.0/operations/${answer.operation}`,
                metadata: { id: answer.operation, class: 'task', status: 'Running' },
              }
            : {
                type: 'sync',
                status: 'Success',
                status_code: 200,
                metadata: answer.metadata ?? null,
              };
      return Promise.resolve(
        new Response(JSON.stringify(envelope), {
          status,
          headers: answer.etag ? { ETag: answer.etag } : {},
        }),
      );
    }),
  );
  return calls;
}

/** The answer of GET /1.0/operations/{id}/wait for a finished operation. */
export function endedOperation(id: string, metadata: Record<string, unknown> | null = null) {
  return {
    id,
    class: 'task',
    description: 'Test operation',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:01Z',
    status: 'Success',
    status_code: 200,
    resources: null,
    metadata,
    may_cancel: false,
    err: '',
    location: 'none',
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `element` at `path` (a route pattern) entered as `entry`, with a bulk queue running
 * `bulkExecutors` (its jobs' summaries told as notifications).
 */
export function renderAt(
  path: string,
  element: ReactElement,
  entry: string,
  auth: AuthState = testAuth(),
  bulkExecutors: BulkExecutors = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queue = createBulkQueue({ executors: bulkExecutors });
  queue.configure({ services: { queryClient: client } });
  const router = createMemoryRouter(
    [
      { path: '*', element: <Where /> },
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <NotificationProvider>
          <BulkQueueProvider queue={queue}>
            <BulkQueueNotices />
            <RouterProvider router={router} />
          </BulkQueueProvider>
        </NotificationProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
