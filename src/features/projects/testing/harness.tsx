/** Test harness for project and profile pages: a fake LXD over `fetch` and a signed-in router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from '../../../shared/routing/router';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../shared/auth/context';
import { NotificationProvider } from '../../../shared/notifications';
import { testAuth } from '../../../testing/render';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

export type FakeHandler = (
  call: FakeCall,
) => { status?: number; metadata?: unknown; error?: string; etag?: string } | undefined;

/** Stubs fetch: the first handler that answers wins; unknown calls get 404. */
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
      const status = answer.status ?? 200;
      const envelope =
        status >= 400
          ? { type: 'error', error: answer.error ?? 'error', error_code: status, metadata: null }
          : { type: 'sync', metadata: answer.metadata ?? null };
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

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `path` (a route pattern) entered as `entry`. */
export function renderAt(
  path: string,
  element: ReactElement,
  entry: string,
  auth: AuthState = testAuth(),
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Where />,
      },
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
          <RouterProvider router={router} />
        </NotificationProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
