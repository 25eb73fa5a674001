import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type RouteObject } from '../shared/routing/router';
import type { LxdServer } from '../lxd/types/server';
import { AuthContext, type AuthState } from '../shared/auth/context';
import { waitForOperation } from '../lxd/operations';
import { BulkQueueProvider, createBulkQueue, type BulkExecutors } from '../shared/bulk-queue';

export function testServer(over: Partial<LxdServer> = {}): LxdServer {
  return {
    api_extensions: [],
    api_status: 'stable',
    api_version: '1.0',
    auth: 'trusted',
    public: false,
    config: {},
    environment: { server_version: '5.0.2', server_clustered: false },
    ...over,
  };
}

export function testAuth(over: Partial<AuthState> = {}): AuthState {
  return {
    server: testServer(),
    identity: undefined,
    projects: [{ name: 'default', description: 'Default LXD project', config: {} }],
    isFineGrained: false,
    isRestricted: false,
    isOidc: false,
    defaultProject: 'default',
    isClustered: false,
    ...over,
  };
}

/**
 * A fine-grained identity (spec §6): the server and the default project grant only the listed
 * entitlements.
 */
export function fineGrainedAuth({
  project = [],
  server = [],
}: { project?: string[]; server?: string[] } = {}): AuthState {
  return testAuth({
    isFineGrained: true,
    server: testServer({ access_entitlements: server }),
    projects: [{ name: 'default', description: '', config: {}, access_entitlements: project }],
  });
}

/**
 * Renders a signed-in component at a route with a fresh query cache and a bulk queue of its own
 * (running `bulkExecutors`, waiting for operations with LXD's /wait long poll).
 */
export function renderSignedIn(
  ui: ReactElement,
  {
    path = '/project/default/instances',
    auth = testAuth(),
    routes,
    bulkExecutors = {},
    bulkLimit,
  }: {
    path?: string;
    auth?: AuthState;
    routes?: readonly RouteObject[];
    bulkExecutors?: BulkExecutors;
    /** Items of one server the bulk queue runs at once (4 by default). */
    bulkLimit?: number;
  } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queue = createBulkQueue({
    executors: bulkExecutors,
    ...(bulkLimit === undefined ? {} : { limit: bulkLimit }),
    wait: async (id, project, remote) => {
      await waitForOperation(id, { project, remote });
    },
  });
  queue.configure({ services: { queryClient: client } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <BulkQueueProvider queue={queue}>
          <MemoryRouter initialEntries={[path]} routes={routes}>
            {ui}
          </MemoryRouter>
        </BulkQueueProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
