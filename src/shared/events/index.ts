export { EventStreamProvider } from './EventStreamProvider';
export {
  EVENT_STREAM_NOTIFICATION_ID,
  useEventStreamStatus,
  useOperationTracker,
  type EventStreamConfig,
  type EventStreamValue,
  type TrackOperation,
} from './context';
export type { EventInvalidation, LifecycleEvent } from './dispatcher';
export { useOperationWait } from './useOperationWait';
export type { TrackCallbacks, TrackOptions } from './tracker';
