import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * An accessible modal dialog (Vanilla's p-modal): focus moves into it, Escape closes it, and
 * focus returns to where it was.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLElement>(null);
  // The latest onClose, so that a new callback (a re-render of the page behind) neither moves
  // focus back to the first field nor re-registers the Escape key.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = dialogRef.current?.querySelector<HTMLElement>(
      'input, textarea, select, button:not([aria-label="Close"])',
    );
    (first ?? dialogRef.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

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
            {title}
          </h2>
          <button type="button" className="p-modal__close" aria-label="Close" onClick={onClose}>
            Close
          </button>
        </header>
        {children}
        {footer && <footer className="p-modal__footer">{footer}</footer>}
      </section>
    </div>
  );
}
