import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from './modal-focus';

/** Where focus goes on open: the first field or action (not the header's Close). */
const FIRST_FIELD = 'input, textarea, select, button:not([aria-label="Close"])';

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
  useModalFocus(dialogRef, onClose, FIRST_FIELD);

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
