export { EventStreamProvider, EVENT_STREAM_NOTIFICATION_ID } from './EventStreamProvider';
export {
  useEventStreamStatus,
  useOperationTracker,
  type EventStreamValue,
  type TrackOperation,
} from './context';
export {
  SPEC_LIFECYCLE_PREFIXES,
  lifecycleQueryKeys,
  type EventInvalidation,
  type LifecycleEvent,
} from './dispatcher';
export type { TrackCallbacks, TrackOptions } from './tracker';
