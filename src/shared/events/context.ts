import { createContext, useContext } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventSocketStatus } from '../../lxd/events';
import type { LxdOperation } from '../../lxd/types/operation';
import type { EventInvalidation } from './dispatcher';
import type { TrackCallbacks, TrackOptions } from './tracker';

/** The id of the 'Failed to connect to event api' notification, removed once reconnected. */
export const EVENT_STREAM_NOTIFICATION_ID = 'event-stream-connection';

/** What the app's events change, composed from each feature (see app/live). */
export interface EventStreamConfig {
  /** Lifecycle action prefixes → query keys. */
  invalidations: readonly EventInvalidation[];
  /** The operation query keys to refetch for an operation event of a project. */
  operationQueryKeys: (project: string) => readonly QueryKey[];
  /** Puts an event's operation into the cached operation lists at once. */
  applyOperation?:
    ((client: QueryClient, project: string, operation: LxdOperation) => void) | undefined;
}

export type TrackOperation = (
  id: string,
  callbacks: TrackCallbacks,
  options?: TrackOptions,
) => () => void;

export interface EventStreamValue {
  status: EventSocketStatus;
  trackOperation: TrackOperation;
}

export const EventStreamContext = createContext<EventStreamValue | null>(null);

function useEventStream(): EventStreamValue {
  const value = useContext(EventStreamContext);
  if (!value) throw new Error('This hook needs an <EventStreamProvider> above it');
  return value;
}

/** The connection state for the status bar: 'connected' or 'not connected', and the error. */
export function useEventStreamStatus(): EventSocketStatus {
  return useEventStream().status;
}

/**
 * `trackOperation(id, { onSuccess, onFailure, onFinish }, { project })`: the callbacks run when
 * the operation ends (see tracker.ts). Returns a function that stops tracking.
 */
export function useOperationTracker(): { trackOperation: TrackOperation } {
  return { trackOperation: useEventStream().trackOperation };
}
