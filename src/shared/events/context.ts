import { createContext, useContext } from 'react';
import type { EventSocketStatus } from '../../lxd/events';
import type { TrackCallbacks, TrackOptions } from './tracker';

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
