import type { ReactNode } from 'react';
import { EventStreamProvider } from '../../shared/events';
import { NotificationProvider } from '../../shared/notifications';
import { upsertOperation } from '../../features/operations';
import { eventInvalidations, operationQueryKeys } from './invalidations';

/**
 * Notifications and the tab's one event stream, for the signed-in frame. It sits inside the
 * router (toasts link to the resources they name) and inside the sign-in gate (no stream for a
 * browser the server does not trust).
 */
export function LiveData({ children }: { children: ReactNode }) {
  return (
    <NotificationProvider>
      <EventStreamProvider
        enabled
        invalidations={eventInvalidations}
        operationQueryKeys={operationQueryKeys}
        applyOperation={upsertOperation}
      >
        {children}
      </EventStreamProvider>
    </NotificationProvider>
  );
}
