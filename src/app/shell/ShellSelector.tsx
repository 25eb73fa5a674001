import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * A selector at the top of the side navigation (the remote, the project): a button that names
 * what is chosen ("Project default") and opens a panel of choices below it. Escape or a click
 * outside closes the panel.
 */
export function ShellSelector({
  label,
  value,
  initialFocus,
  onClose,
  children,
}: {
  label: string;
  value: string;
  /** Focused when the panel opens (the user opened it to type there). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** After a choice closed the panel (`close` of the children). */
  onClose?: () => void;
  /** The panel's content; `close` closes it after a choice. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    initialFocus?.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, initialFocus]);

  const close = () => {
    setOpen(false);
    onClose?.();
  };

  return (
    <div className="shell-selector" ref={rootRef}>
      <button
        type="button"
        className="shell-selector__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="shell-selector__label">{label}</span>{' '}
        <span className="shell-selector__value">{value}</span>
        <i className="p-icon--chevron-down is-light" aria-hidden="true" />
      </button>
      {open && (
        <div className="shell-selector__panel" id={panelId}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
