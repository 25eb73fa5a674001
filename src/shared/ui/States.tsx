import type { ReactNode } from 'react';

/** Shown where a list has nothing yet: what it is, and what to do. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="p-heading--5">{title}</h2>
      {children}
    </div>
  );
}

/** What a screen or a part of one says instead when the identity may not see or use it. */
export function DeniedState({ title, reason }: { title: string; reason: string }) {
  return (
    <EmptyState title={title}>
      <p>{reason}.</p>
    </EmptyState>
  );
}

/** An inline error with LXD's message (rendered as text) and an optional retry. */
export function ErrorNotice({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="p-notification--negative" role="alert">
      <div className="p-notification__content">
        <h2 className="p-notification__title">{title}</h2>
        <p className="p-notification__message">{message}</p>
        {onRetry && (
          <button type="button" className="p-button is-dense" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
