import { useId, type ReactNode } from 'react';
import { useDropdown } from './useDropdown';

/**
 * A toolbar drop-down ("Columns", "Views"): its toggle button (`aria-expanded`, `aria-controls`,
 * a chevron) and its panel, closed by a pointer outside it or Escape. `children` gets `close`.
 */
export function DropdownMenu({
  label,
  className,
  dropdownClassName,
  onToggle,
  children,
}: {
  label: string;
  /** The root's class beside `p-contextual-menu`. */
  className: string;
  dropdownClassName?: string;
  /** Called on each click of the toggle. */
  onToggle?: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const { open, setOpen, rootRef } = useDropdown();
  const menuId = useId();
  return (
    <div className={`p-contextual-menu ${className}`} ref={rootRef}>
      <button
        type="button"
        className="p-button has-icon p-contextual-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((value) => !value);
          onToggle?.();
        }}
      >
        <span>{label}</span>
        <i className="p-icon--chevron-down p-contextual-menu__indicator" aria-hidden="true" />
      </button>
      <div
        className={['p-contextual-menu__dropdown', dropdownClassName].filter(Boolean).join(' ')}
        id={menuId}
        aria-hidden={!open}
      >
        {children(() => {
          setOpen(false);
        })}
      </div>
    </div>
  );
}
