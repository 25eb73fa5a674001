/** Helpers for the login page tests: a fake LXD behind `fetch` and a memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from '../../shared/routing/router';
import { vi } from 'vitest';
import type { LxdServer } from '../../lxd/types/server';

export function untrustedServer(overrides: Partial<LxdServer> = {}): LxdServer {
  return {
    api_extensions: ['certificate_token', 'devlxd_events'],
    api_status: 'stable',
    api_version: '1.0',
    auth: 'untrusted',
    auth_methods: ['tls'],
    public: false,
    ...overrides,
  };
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };
type Handler = (call: FakeCall) => Answer | undefined;

/** Stubs `fetch`; `handler` answers each call (undefined → 404). Returns the calls made. */
export function fakeLxd(handler: Handler): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init.method ?? 'GET', url, body };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { type: 'error', error: 'not found' } };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
  return calls;
}

export const sync = (metadata: unknown): Answer => ({
  status: 200,
  body: { type: 'sync', status: 'Success', status_code: 200, metadata },
});

export const failure = (status: number, error: string): Answer => ({
  status,
  body: { type: 'error', error, error_code: status },
});

/** Renders one page at `path` inside a router that also has a "/" home and the login pages. */
export function renderPage(Page: ComponentType, path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '/', element: <p>Home screen</p> },
      { path: '/login', element: <p>Login screen</p> },
      { path: '/login/certificate-generate', element: <p>Step 1 screen</p> },
      { path: '/login/certificate-add', element: <p>Step 2 screen</p> },
    ].filter((route, index) => index === 0 || route.path !== path),
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
