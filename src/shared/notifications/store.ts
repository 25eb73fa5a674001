/**
 * The notification store: a tiny external store (no library) read with useSyncExternalStore.
 * Toasts are what is on screen now; the history keeps the last notifications for the status bar
 * list. Success and information toasts hide themselves after 5 s; failures stay until closed.
 */
import type { ResourceType } from '../ui/ResourceIcon';

export type NotificationKind = 'positive' | 'negative' | 'information';

/** A resource a notification names: rendered as a router link with this text. */
export interface NotificationLink {
  label: string;
  /** A path inside the app (from the path builders), relative to the router's basename. */
  to: string;
  /** The resource's type (its icon); read from `to` when not given. */
  type?: ResourceType | undefined;
}

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  message: string;
  links: readonly NotificationLink[];
  createdAt: number;
}

export interface NotificationInput {
  kind: NotificationKind;
  title: string;
  message?: string | undefined;
  links?: readonly NotificationLink[] | undefined;
  /** A stable id replaces an earlier notification with the same id. */
  id?: string | undefined;
}

export interface NotificationState {
  toasts: readonly AppNotification[];
  history: readonly AppNotification[];
  /** While the history list is open, toasts stay hidden (the list shows them). */
  listOpen: boolean;
}

export interface NotificationStore {
  add: (input: NotificationInput) => string;
  /** Takes the toast off the screen; it stays in the history. */
  dismiss: (id: string) => void;
  /** Removes the notification everywhere (a resolved condition, e.g. the event stream is back). */
  remove: (id: string) => void;
  /** Empties the history (and the toasts). */
  clear: () => void;
  setListOpen: (open: boolean) => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => NotificationState;
}

export const NOTIFICATION_AUTO_HIDE_MS = 5000;
export const NOTIFICATION_HISTORY_LIMIT = 50;
export const NOTIFICATION_TOAST_LIMIT = 5;

export interface NotificationStoreOptions {
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  autoHideMs?: number;
}

/** The text of an error of any kind (LxdApiError carries the server's error text). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function createNotificationStore(options: NotificationStoreOptions = {}): NotificationStore {
  const now = options.now ?? Date.now;
  const schedule = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const cancel =
    options.clearTimeout ??
    ((handle) => {
      globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
    });
  const autoHideMs = options.autoHideMs ?? NOTIFICATION_AUTO_HIDE_MS;
  const listeners = new Set<() => void>();
  const timers = new Map<string, unknown>();
  let state: NotificationState = { toasts: [], history: [], listOpen: false };
  let counter = 0;

  const emit = (next: NotificationState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const stopTimer = (id: string) => {
    const handle = timers.get(id);
    if (handle !== undefined) cancel(handle);
    timers.delete(id);
  };

  const dismiss = (id: string) => {
    stopTimer(id);
    if (!state.toasts.some((toast) => toast.id === id)) return;
    emit({ ...state, toasts: state.toasts.filter((toast) => toast.id !== id) });
  };

  return {
    add(input) {
      counter += 1;
      const id = input.id ?? `notification-${counter}`;
      stopTimer(id);
      const notification: AppNotification = {
        id,
        kind: input.kind,
        title: input.title,
        message: input.message ?? '',
        links: input.links ?? [],
        createdAt: now(),
      };
      const toasts = [...state.toasts.filter((toast) => toast.id !== id), notification];
      const history = [notification, ...state.history.filter((item) => item.id !== id)];
      for (const dropped of toasts.slice(0, -NOTIFICATION_TOAST_LIMIT)) stopTimer(dropped.id);
      emit({
        ...state,
        toasts: toasts.slice(-NOTIFICATION_TOAST_LIMIT),
        history: history.slice(0, NOTIFICATION_HISTORY_LIMIT),
      });
      if (input.kind !== 'negative') {
        timers.set(
          id,
          schedule(() => {
            timers.delete(id);
            dismiss(id);
          }, autoHideMs),
        );
      }
      return id;
    },
    dismiss,
    remove(id) {
      stopTimer(id);
      if (!state.history.some((item) => item.id === id) && !state.toasts.some((t) => t.id === id)) {
        return;
      }
      emit({
        ...state,
        toasts: state.toasts.filter((toast) => toast.id !== id),
        history: state.history.filter((item) => item.id !== id),
      });
    },
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id);
      emit({ ...state, toasts: [], history: [] });
    },
    setListOpen(open) {
      if (state.listOpen !== open) emit({ ...state, listOpen: open });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
  };
}
