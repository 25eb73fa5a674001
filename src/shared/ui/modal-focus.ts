import { useEffect, useRef, type RefObject } from 'react';

/**
 * A modal dialog's focus: on open, focus moves to the dialog's first `firstSelector` element (or
 * the dialog itself), Escape calls onClose, and on close focus returns to where it was. The
 * latest onClose is used, so a new callback (a re-render of the page behind) neither moves focus
 * back to the first field nor registers the Escape key again.
 */
export function useModalFocus(
  dialogRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  firstSelector: string,
): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = dialogRef.current?.querySelector<HTMLElement>(firstSelector);
    (first ?? dialogRef.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [dialogRef, firstSelector]);
}
