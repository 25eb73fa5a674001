import { useEffect, useState } from 'react';
import { currentRemote } from '../../lxd/remote';
import { useAuth } from '../../shared/auth/context';
import { hasEntitlement } from '../../shared/permissions/entitlements';
import { UI_VERSION } from '../version';
import { OUTDATED_SERVER_MESSAGE, isOutdatedServer } from './auth';

function MissingViewerPermission() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button type="button" className="status-bar__warning" onClick={() => setOpen(true)}>
        <i className="p-icon--warning" aria-hidden="true" /> Missing viewer permission
      </button>
      {open && (
        <div className="p-modal" role="presentation">
          <section
            className="p-modal__dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby="viewer-permission-title"
          >
            <header className="p-modal__header">
              <h2 className="p-modal__title" id="viewer-permission-title">
                Missing viewer permission
              </h2>
            </header>
            <p>
              You cannot view events and operations of this project, so the console cannot update
              itself when something changes and cannot show the progress of running operations. Ask
              an administrator for the <code>can_view_events</code> and{' '}
              <code>can_view_operations</code> entitlements, or refresh pages to see changes.
            </p>
            <footer className="p-modal__footer">
              <button type="button" className="p-button--positive" onClick={() => setOpen(false)}>
                Accept
              </button>
            </footer>
          </section>
        </div>
      )}
    </>
  );
}

/** The bar at the bottom: versions, running operations, notifications (spec §2). */
export function StatusBar({
  project,
  children,
}: {
  project: string | undefined;
  children?: React.ReactNode;
}) {
  const { server, isFineGrained, projects } = useAuth();
  const version = server.environment?.server_version;
  const remote = currentRemote();
  const current = projects.find((p) => p.name === project);
  const cannotView =
    isFineGrained === true &&
    current !== undefined &&
    !(
      hasEntitlement(isFineGrained, 'can_view_events', current) &&
      hasEntitlement(isFineGrained, 'can_view_operations', current)
    );

  return (
    <footer className="status-bar" aria-label="Status bar">
      <div className="status-bar__versions">
        {remote !== null && <span className="status-bar__version">Remote {remote}</span>}
        {version && (
          <span className="status-bar__version">
            {isOutdatedServer(server) && (
              <span className="p-tooltip--top-left" aria-describedby="outdated-tip">
                <i className="p-icon--warning" role="img" aria-label="Outdated server" />
                <span className="p-tooltip__message" role="tooltip" id="outdated-tip">
                  {OUTDATED_SERVER_MESSAGE}
                </span>
              </span>
            )}{' '}
            Version {version}
          </span>
        )}
        <span className="status-bar__version">UI {UI_VERSION}</span>
      </div>
      <div className="status-bar__right">
        {cannotView && <MissingViewerPermission />}
        {children}
      </div>
    </footer>
  );
}
