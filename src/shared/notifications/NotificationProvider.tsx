import { useState } from 'react';
import type { ReactNode } from 'react';
import { NotificationContext } from './context';
import { createNotificationStore, type NotificationStore } from './store';
import { NotificationToasts } from './NotificationToasts';

interface NotificationProviderProps {
  children?: ReactNode;
  /** For tests; one store per provider otherwise. */
  store?: NotificationStore;
  /**
   * Render the toasts here (default). Their links are router links, so the provider must then
   * sit inside the router; with `toasts={false}` mount <NotificationToasts /> inside it instead.
   */
  toasts?: boolean;
}

export function NotificationProvider({
  children,
  store,
  toasts = true,
}: NotificationProviderProps) {
  const [ownStore] = useState(() => store ?? createNotificationStore());
  return (
    <NotificationContext.Provider value={ownStore}>
      {children}
      {toasts && <NotificationToasts />}
    </NotificationContext.Provider>
  );
}
