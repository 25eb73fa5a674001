import { Link, useInRouterContext } from 'react-router';
import type { AppNotification, NotificationLink } from './store';

function Links({ links }: { links: readonly NotificationLink[] }) {
  const inRouter = useInRouterContext();
  if (links.length === 0) return null;
  return (
    <span className="notification-links">
      {links.map((link, index) => (
        <span key={`${link.to}-${String(index)}`}>
          {index > 0 && ', '}
          {inRouter ? <Link to={link.to}>{link.label}</Link> : link.label}
        </span>
      ))}
    </span>
  );
}

interface NotificationItemProps {
  notification: AppNotification;
  /** Shows a close button with this handler. */
  onClose?: (() => void) | undefined;
  /** Shows the time the notification was raised. */
  showTime?: boolean;
  borderless?: boolean;
  role?: 'alert' | 'status' | undefined;
}

/** One notification in Vanilla's notification pattern; server texts render as plain text. */
export function NotificationItem({
  notification,
  onClose,
  showTime = false,
  borderless = false,
  role,
}: NotificationItemProps) {
  const { kind, title, message, links, createdAt } = notification;
  return (
    <div className={`p-notification--${kind}${borderless ? ' is-borderless' : ''}`} role={role}>
      <div className="p-notification__content">
        <p className="p-notification__title">{title}</p>
        {(message || links.length > 0) && (
          <p className="p-notification__message">
            {message}
            {message && links.length > 0 && ' '}
            <Links links={links} />
          </p>
        )}
        {onClose && (
          <button
            type="button"
            className="p-notification__close"
            aria-label={`Close notification: ${title}`}
            onClick={onClose}
          >
            Close
          </button>
        )}
      </div>
      {showTime && (
        <div className="p-notification__meta">
          <time className="p-notification__timestamp" dateTime={new Date(createdAt).toISOString()}>
            {new Date(createdAt).toLocaleTimeString()}
          </time>
        </div>
      )}
    </div>
  );
}
