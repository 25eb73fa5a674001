/**
 * What is being done to which instance right now ('stopping', 'deleting', …), shared by every
 * screen of the tab so that a row or a detail header shows progress while an operation runs.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;

const activities = new Map<string, string>();
const listeners = new Set<Listener>();

export const activityKey = (project: string, name: string) => `${project}/${name}`;

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Marks an instance as busy with `word` until the returned function is called. */
export function startActivity(project: string, name: string, word: string): () => void {
  const key = activityKey(project, name);
  activities.set(key, word);
  emit();
  return () => {
    if (activities.get(key) === word) {
      activities.delete(key);
      emit();
    }
  };
}

export function currentActivity(project: string, name: string): string | undefined {
  return activities.get(activityKey(project, name));
}

/** The running activity of one instance, e.g. 'stopping', or undefined. */
export function useInstanceActivity(project: string, name: string): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => activities.get(activityKey(project, name)),
    () => undefined,
  );
}
