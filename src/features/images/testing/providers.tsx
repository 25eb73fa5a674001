/**
 * Test wrapper for image components: query cache, auth, event stream, notifications and a bulk
 * queue running the images' executors.
 */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '../../../shared/routing/router';
import type { LxdOperation } from '../../../lxd/types/operation';
import { AuthContext, type AuthState } from '../../../shared/auth/context';
import { EventStreamContext, type EventStreamValue } from '../../../shared/events/context';
import { NotificationProvider, createNotificationStore } from '../../../shared/notifications';
import { testAuth } from '../../../testing/render';
import { BulkQueueHost, BulkQueueProvider, createBulkQueue } from '../../../shared/bulk-queue';
import { imageBulkExecutors } from '../executors';

export interface TrackedEnd {
  status: 'Success' | 'Failure';
  err?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Renders `ui` at /project/default/images. Tracked operations end on the next tick with the
 * outcome `end(id)` gives (Success by default).
 */
export function renderImages(
  ui: ReactElement,
  {
    auth = testAuth(),
    end = () => ({ status: 'Success' }),
  }: { auth?: AuthState; end?: (id: string) => TrackedEnd } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createNotificationStore();
  const tracked: string[] = [];
  const events: EventStreamValue = {
    status: { state: 'connected' } as EventStreamValue['status'],
    trackOperation: (id, callbacks) => {
      tracked.push(id);
      setTimeout(() => {
        const outcome = end(id);
        if (outcome.status === 'Success') {
          callbacks.onSuccess?.({ id, ...outcome } as unknown as LxdOperation);
        } else callbacks.onFailure?.(outcome.err ?? 'failed');
        callbacks.onFinish?.();
      }, 0);
      return () => undefined;
    },
  };
  const router = createMemoryRouter([{ path: '/project/:project/images', element: ui }], {
    initialEntries: ['/project/default/images'],
  });
  const result = render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <EventStreamContext.Provider value={events}>
          <NotificationProvider toasts={false} store={store}>
            <BulkQueueProvider queue={createBulkQueue({ executors: imageBulkExecutors })}>
              <BulkQueueHost />
              <RouterProvider router={router} />
            </BulkQueueProvider>
          </NotificationProvider>
        </EventStreamContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, store, tracked };
}
