/**
 * What makes the server settings stale, kept apart from the queries so that the app's event
 * wiring loads no screen code. Every server-config query lives under the server key.
 */
import type { EventInvalidation } from '../../shared/events';
import { serverKeys } from '../../shared/query/server';

/** Lifecycle event prefixes that make the settings stale (`config-updated`). */
export const settingsEventPrefixes = ['config-'] as const;

export const settingsInvalidation: EventInvalidation = {
  prefixes: settingsEventPrefixes,
  queryKey: serverKeys.all,
};
