import { useNotificationState, useNotificationStore } from './context';
import { NotificationItem } from './NotificationItem';
import './notifications.scss';

/** The toasts, bottom-right: successes hide after 5 s, failures stay until closed. */
export function NotificationToasts() {
  const store = useNotificationStore();
  const { toasts, listOpen } = useNotificationState();
  return (
    <div className="notification-toasts" role="region" aria-label="Notification messages">
      {!listOpen &&
        toasts.map((toast) => (
          <NotificationItem
            key={toast.id}
            notification={toast}
            role={toast.kind === 'negative' ? 'alert' : 'status'}
            onClose={() => {
              store.dismiss(toast.id);
            }}
          />
        ))}
    </div>
  );
}
