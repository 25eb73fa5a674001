import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../../../shared/ui/modal-focus';

const importDialog = () => import('./BugReportDialog');

/**
 * Said when the dialog's code cannot be fetched (the network dropped, the console changed on the
 * server): a plain dialog, as the shared one may be what could not be fetched.
 */
function DialogUnavailable({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLElement>(null);
  useModalFocus(dialogRef, onClose, 'button');
  return (
    <div className="p-modal" role="presentation">
      <section
        className="p-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialogRef}
        tabIndex={-1}
      >
        <header className="p-modal__header">
          <h2 className="p-modal__title" id={titleId}>
            Report a bug
          </h2>
        </header>
        <p>
          The bug report could not be loaded. Check your network connection and refresh the page.
        </p>
        <footer className="p-modal__footer">
          <button type="button" className="p-button" onClick={onClose}>
            Close
          </button>
        </footer>
      </section>
    </div>
  );
}

// The dialog loads on first use: the first screen carries only this link.
const BugReportDialog = lazy<ComponentType<{ error?: string | undefined; onClose: () => void }>>(
  () => importDialog().catch(() => ({ default: DialogUnavailable })),
);

function preload() {
  importDialog().catch(() => undefined);
}

/**
 * "Report a bug" (spec §2 footer, the error screens): opens a dialog with a ready-to-copy bug
 * report; `error` is the error the screen shows, added to the report.
 */
export function ReportBugButton({
  children,
  className,
  error,
}: {
  children: ReactNode;
  className?: string;
  error?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    setOpen(false);
  }, []);
  return (
    <>
      {/* A link, as the spec names it (the footer's and the error screens' bug-report link); it
          opens the report here rather than a tracker this build may not have. */}
      <a
        href="#report-a-bug"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {/* On the body: the link sits in a paragraph or the menu, which cannot hold a dialog. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <BugReportDialog error={error} onClose={close} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
