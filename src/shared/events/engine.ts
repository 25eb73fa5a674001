/**
 * The event stream's working parts (socket, dispatcher, operation tracker), started by
 * EventStreamProvider once the first screen has painted: none of it is needed for a first row,
 * and the stream index.html opened early keeps what arrives meanwhile (see lxd/events.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { EVENT_CONNECT_ERROR, EventSocket, type EventTimers } from '../../lxd/events';
import { waitForOperation } from '../../lxd/operations';
import type { LxdOperation } from '../../lxd/types/operation';
import type { Notify } from '../notifications';
import {
  EVENT_STREAM_NOTIFICATION_ID,
  type EventStreamConfig,
  type TrackOperation,
} from './context';
import { EventDispatcher } from './dispatcher';
import { OperationTracker } from './tracker';

const timers: EventTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export type WaitForOperation = (id: string, project: string | undefined) => Promise<LxdOperation>;

export interface EventEngineOptions {
  client: QueryClient;
  notify: Notify;
  config: EventStreamConfig;
  /** For tests. */
  createSocket?: (() => EventSocket) | undefined;
  wait?: WaitForOperation | undefined;
}

export interface EventEngine {
  readonly socket: EventSocket;
  track: TrackOperation;
  stop(): void;
}

const defaultWait: WaitForOperation = (id, project) => waitForOperation(id, { project });

/** Connects and keeps cached data true to the server until stop(). */
export function startEventEngine({
  client,
  notify,
  config,
  createSocket,
  wait = defaultWait,
}: EventEngineOptions): EventEngine {
  const socket = createSocket?.() ?? new EventSocket();
  const dispatcher = new EventDispatcher({
    client,
    timers,
    invalidations: config.invalidations,
    operationQueryKeys: config.operationQueryKeys,
  });
  const { applyOperation } = config;
  dispatcher.configure({
    invalidations: config.invalidations,
    operationQueryKeys: config.operationQueryKeys,
    applyOperation: applyOperation
      ? (project, operation) => {
          applyOperation(client, project, operation);
        }
      : undefined,
  });
  const tracker = new OperationTracker({
    timers,
    isConnected: () => socket.status.state === 'connected',
    wait,
  });

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

  return {
    socket,
    track: (id, callbacks, options) => tracker.track(id, callbacks, options),
    stop: () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      unsubscribeEvents();
      unsubscribeStatus();
      socket.stop();
      dispatcher.dispose();
      notify.remove(EVENT_STREAM_NOTIFICATION_ID);
    },
  };
}
