/**
 * The event stream's configuration, loaded with the stream's code after the first screen: what
 * each lifecycle event makes stale (spec §7, declared by the features), and the operation lists.
 */
import type { QueryKey } from '@tanstack/react-query';
import { operationEventKeys, upsertOperation } from '../../features/operations';
import type { EventStreamConfig } from '../../shared/events';
import { eventInvalidations } from '../features';

export { eventInvalidations };

/** The operation lists an operation event of `project` makes stale. */
export function operationQueryKeys(project: string): readonly QueryKey[] {
  return operationEventKeys(project);
}

export const liveEventConfig: EventStreamConfig = {
  invalidations: eventInvalidations,
  operationQueryKeys,
  applyOperation: upsertOperation,
};
