import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { EVENT_CONNECT_ERROR, EventSocket, type EventTimers } from '../../lxd/events';
import { waitForOperation } from '../../lxd/operations';
import type { LxdOperation } from '../../lxd/types/operation';
import { useNotify } from '../notifications';
import { EventStreamContext, type EventStreamValue, type TrackOperation } from './context';
import { EventDispatcher, type EventInvalidation } from './dispatcher';
import { OperationTracker } from './tracker';

/** The id of the 'Failed to connect to event api' notification, removed once reconnected. */
export const EVENT_STREAM_NOTIFICATION_ID = 'event-stream-connection';

const timers: EventTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

interface EventStreamProviderProps {
  /** Connect only while signed in. */
  enabled: boolean;
  /** Lifecycle action prefixes → query keys, composed by the app from each feature. */
  invalidations: readonly EventInvalidation[];
  /** The operation query keys to refetch for an operation event of a project. */
  operationQueryKeys: (project: string) => readonly QueryKey[];
  /** Puts an event's operation into the cached operation lists at once. */
  applyOperation?: (client: QueryClient, project: string, operation: LxdOperation) => void;
  children?: ReactNode;
  /** For tests. */
  createSocket?: () => EventSocket;
  wait?: (id: string, project: string | undefined) => Promise<LxdOperation>;
}

const defaultWait = (id: string, project: string | undefined) => waitForOperation(id, { project });

/**
 * One event stream per tab (spec §7): keeps cached data true to the server, tracks operations
 * and reports a lost stream (the error disappears once it is back).
 */
export function EventStreamProvider({
  enabled,
  invalidations,
  operationQueryKeys,
  applyOperation,
  children,
  createSocket,
  wait = defaultWait,
}: EventStreamProviderProps) {
  const client = useQueryClient();
  const notify = useNotify();
  const [socket] = useState(() => createSocket?.() ?? new EventSocket());
  const [dispatcher] = useState(
    () => new EventDispatcher({ client, timers, invalidations, operationQueryKeys }),
  );
  const [tracker] = useState(
    () =>
      new OperationTracker({
        timers,
        isConnected: () => socket.status.state === 'connected',
        wait,
      }),
  );
  useEffect(() => {
    dispatcher.configure({
      invalidations,
      operationQueryKeys,
      applyOperation: applyOperation
        ? (project, operation) => {
            applyOperation(client, project, operation);
          }
        : undefined,
    });
    tracker.configure({ wait });
  }, [dispatcher, tracker, client, invalidations, operationQueryKeys, applyOperation, wait]);

  useEffect(() => {
    if (!enabled) return;
    let connectedBefore = false;
    let lastError: string | null = null;
    const unsubscribeEvents = socket.subscribe((event) => {
      dispatcher.handle(event);
      if (event.type === 'operation') tracker.handleEvent(event);
    });
    const unsubscribeStatus = socket.onStatus((status) => {
      if (status.state === 'connected') {
        notify.remove(EVENT_STREAM_NOTIFICATION_ID);
        if (connectedBefore) {
          // Events were missed while disconnected: refetch what is on screen.
          void client.invalidateQueries();
          tracker.checkAll();
        }
        connectedBefore = true;
      }
      if (status.error && status.error !== lastError) {
        notify.failure(
          EVENT_CONNECT_ERROR,
          `${status.lastCloseReason ?? ''} Retrying in the background.`.trim(),
          undefined,
          { id: EVENT_STREAM_NOTIFICATION_ID },
        );
        tracker.checkAll();
      }
      lastError = status.error;
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') socket.onVisible();
    };
    const onOnline = () => {
      socket.onOnline();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    socket.start();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      unsubscribeEvents();
      unsubscribeStatus();
      socket.stop();
      dispatcher.dispose();
      notify.remove(EVENT_STREAM_NOTIFICATION_ID);
    };
  }, [enabled, socket, dispatcher, tracker, client, notify]);

  const subscribe = useCallback((callback: () => void) => socket.onStatus(callback), [socket]);
  const status = useSyncExternalStore(subscribe, () => socket.status);
  const trackOperation = useCallback<TrackOperation>(
    (id, callbacks, options) => tracker.track(id, callbacks, options),
    [tracker],
  );
  const value = useMemo<EventStreamValue>(
    () => ({ status, trackOperation }),
    [status, trackOperation],
  );

  return <EventStreamContext.Provider value={value}>{children}</EventStreamContext.Provider>;
}
