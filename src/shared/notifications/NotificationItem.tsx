import { lazy, Suspense } from 'react';
import { Link, useInRouterContext } from '../routing/router';
import type { ResourceType } from '../ui/ResourceIcon';
import type { AppNotification, NotificationLink } from './store';

/** Detail pages of the console's path builders, most specific first. */
const PATH_TYPES: readonly [RegExp, ResourceType][] = [
  [/^\/project\/[^/]+\/instance\//, 'instance'],
  [/^\/project\/[^/]+\/profile\//, 'profile'],
  [/^\/project\/[^/]+\/network\/[^/]+\/forwards\//, 'network-forward'],
  [/^\/project\/[^/]+\/(member\/[^/]+\/)?network\//, 'network'],
  [/^\/project\/[^/]+\/network-acl\//, 'network-acl'],
  [/^\/project\/[^/]+\/storage\/pool\/[^/]+\/bucket\//, 'bucket'],
  [/^\/project\/[^/]+\/storage\/pool\/[^/]+\/(member\/[^/]+\/)?volumes\//, 'volume'],
  [/^\/project\/[^/]+\/storage\/pool\//, 'pool'],
  [/^\/project\/[^/]+\/images/, 'image'],
  [/^\/project\/[^/]+\/configuration/, 'project'],
  [/^\/cluster\/member\//, 'cluster-member'],
  [/^\/permissions\/group\//, 'auth-group'],
];

/**
 * Notifications are part of the first screen; the icons (and their stylesheet) are not: they
 * load with the first notification that has a link.
 */
const ResourceIcon = lazy(() =>
  import('../ui/ResourceIcon').then((module) => ({ default: module.ResourceIcon })),
);

/** The icon of a notification's link: its own type, else the one its path shows. */
export function linkType(link: NotificationLink): ResourceType | undefined {
  return link.type ?? PATH_TYPES.find(([pattern]) => pattern.test(link.to))?.[1];
}

function Links({ links }: { links: readonly NotificationLink[] }) {
  const inRouter = useInRouterContext();
  if (links.length === 0) return null;
  return (
    <span className="notification-links">
      {links.map((link, index) => {
        const type = linkType(link);
        return (
          <span key={`${link.to}-${String(index)}`}>
            {index > 0 && ', '}
            {type && (
              <Suspense fallback={null}>
                <ResourceIcon type={type} />
              </Suspense>
            )}
            {inRouter ? <Link to={link.to}>{link.label}</Link> : link.label}
          </span>
        );
      })}
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
