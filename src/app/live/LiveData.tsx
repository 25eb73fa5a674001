import type { ReactNode } from 'react';
import { BulkQueueProvider } from '../../shared/bulk-queue';
import { EventStreamProvider } from '../../shared/events';
import { NotificationProvider } from '../../shared/notifications';
import { appBulkQueue } from '../bulkQueue';

/** What events change (every feature's keys and the operation lists), with the stream's code. */
const loadEventConfig = () => import('./invalidations').then((module) => module.liveEventConfig);

/**
 * Notifications, the tab's one event stream and its one bulk queue, for the signed-in frame. It sits inside the
 * router (toasts link to the resources they name) and inside the sign-in gate (no stream for a
 * browser the server does not trust).
 */
export function LiveData({ children }: { children: ReactNode }) {
  return (
    <NotificationProvider>
      <EventStreamProvider enabled config={loadEventConfig}>
        <BulkQueueProvider queue={appBulkQueue()}>{children}</BulkQueueProvider>
      </EventStreamProvider>
    </NotificationProvider>
  );
}
