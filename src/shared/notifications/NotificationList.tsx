import { useEffect, useId, useRef } from 'react';
import { useNotificationState, useNotificationStore } from './context';
import { NotificationItem } from './NotificationItem';
import './notifications.scss';

interface NotificationListProps {
  /** Called on Escape and on the close button. */
  onClose: () => void;
  id?: string;
}

/** The notification history, newest first; the status-bar count toggles it, Escape closes it. */
export function NotificationList({ onClose, id }: NotificationListProps) {
  const store = useNotificationStore();
  const { history } = useNotificationState();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    store.setListOpen(true);
    return () => {
      store.setListOpen(false);
    };
  }, [store]);

  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return (
    <section
      ref={panel}
      id={id}
      className="notification-list"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className="notification-list__header">
        <h2 id={titleId} className="p-heading--5 notification-list__title">
          Notifications
        </h2>
        <button
          type="button"
          className="p-button--base is-small"
          disabled={history.length === 0}
          onClick={() => {
            store.clear();
          }}
        >
          Clear all
        </button>
        <button type="button" className="p-button--base is-small" onClick={onClose}>
          Close
        </button>
      </header>
      {history.length === 0 ? (
        <p className="notification-list__empty">No notifications.</p>
      ) : (
        <ul className="p-list notification-list__items">
          {history.map((notification) => (
            <li key={notification.id} className="p-list__item">
              <NotificationItem notification={notification} showTime borderless />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
