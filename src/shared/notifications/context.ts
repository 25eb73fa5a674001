import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import {
  errorText,
  type NotificationLink,
  type NotificationState,
  type NotificationStore,
} from './store';

export const NotificationContext = createContext<NotificationStore | null>(null);

export function useNotificationStore(): NotificationStore {
  const store = useContext(NotificationContext);
  if (!store) throw new Error('useNotify needs a <NotificationProvider> above it');
  return store;
}

export function useNotificationState(): NotificationState {
  const store = useNotificationStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** How many notifications the history holds (the status-bar count). */
export function useNotificationCount(): number {
  return useNotificationState().history.length;
}

export interface NotifyOptions {
  /** A stable id: a later notification with the same id replaces this one. */
  id?: string;
}

export interface Notify {
  success(
    title: string,
    message?: string,
    links?: readonly NotificationLink[],
    options?: NotifyOptions,
  ): string;
  /** `error` may be an Error (its message is shown) or a text. */
  failure(
    title: string,
    error: unknown,
    links?: readonly NotificationLink[],
    options?: NotifyOptions,
  ): string;
  info(
    title: string,
    message?: string,
    links?: readonly NotificationLink[],
    options?: NotifyOptions,
  ): string;
  dismiss(id: string): void;
  remove(id: string): void;
}

export function useNotify(): Notify {
  const store = useNotificationStore();
  return useMemo<Notify>(
    () => ({
      success: (title, message, links, options) =>
        store.add({ kind: 'positive', title, message, links, id: options?.id }),
      failure: (title, error, links, options) =>
        store.add({ kind: 'negative', title, message: errorText(error), links, id: options?.id }),
      info: (title, message, links, options) =>
        store.add({ kind: 'information', title, message, links, id: options?.id }),
      dismiss: (id) => {
        store.dismiss(id);
      },
      remove: (id) => {
        store.remove(id);
      },
    }),
    [store],
  );
}
