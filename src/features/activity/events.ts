/**
 * What this feature takes from the event stream, kept apart from its screens so that the app's
 * event wiring loads no screen code: every lifecycle event of this tab goes into a bounded
 * buffer. When LXD itself serves the console there is no journal (`/console/activity` answers
 * 404), and the Activity page and the History tabs show these instead.
 */
import type { EventInvalidation, LifecycleEvent } from '../../shared/events';

/**
 * How many of this tab's events are kept (the oldest go first): few enough that a tab open for
 * days under a busy event stream keeps a flat heap (e2e/specs/heap-plateau.spec.ts).
 */
export const SESSION_EVENT_LIMIT = 150;

/** Every query key of the feature starts with this. */
export const activityKeyRoot = ['activity'] as const;

export interface SessionEvent {
  /** Numbers the events of this tab, first one 1. */
  seq: number;
  event: LifecycleEvent;
}

let seq = 0;
/** Newest first; replaced (never changed) on each event, so readers can compare it. */
let buffer: readonly SessionEvent[] = [];
const listeners = new Set<() => void>();

/** Keeps one event of this tab: what an entry shows of it (not its `context`, which can be big). */
export function recordSessionEvent(event: LifecycleEvent): void {
  seq += 1;
  const { action, source, name, project, requestor } = event.metadata;
  const kept: LifecycleEvent = {
    type: event.type,
    timestamp: event.timestamp,
    project: event.project,
    metadata: { action, source, name, project, requestor },
  };
  buffer = [{ seq, event: kept }, ...buffer.slice(0, SESSION_EVENT_LIMIT - 1)];
  for (const listener of listeners) listener();
}

/** This tab's lifecycle events, newest first. */
export function sessionEvents(): readonly SessionEvent[] {
  return buffer;
}

/** Calls `listener` after each new event; returns the unsubscribe. */
export function onSessionEvents(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests: as in a new tab. */
export function resetSessionEvents(): void {
  seq = 0;
  buffer = [];
  for (const listener of listeners) listener();
}

/** Every lifecycle action is kept; nothing is made stale (the journal is polled). */
export const activityInvalidation: EventInvalidation = {
  prefixes: [''],
  apply: recordSessionEvent,
};
