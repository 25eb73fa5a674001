import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './actions-menu.scss';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  /** Why the action may not be used (no permission, wrong state): the item says it and does nothing. */
  reason?: string | undefined;
  /** Not usable for now (the object is busy), without a reason to give. */
  disabled?: boolean;
  /** Destructive (Delete): drawn in red. */
  negative?: boolean;
}

/**
 * A menu button (WAI-ARIA menu pattern: arrow keys, Home/End, Escape back to the button): a
 * page's less frequent actions behind one "Actions" button where a narrower page has no room for
 * a button each, or a list of choices such as the console's key combinations. An item that may
 * not be used stays in the menu, focusable, with its reason as its description, so the menu
 * still says why.
 */
export function ActionsMenu({
  label,
  menuLabel = label,
  actions,
  disabled = false,
  title,
  align = 'end',
  buttonClassName = 'p-button',
}: {
  /** The button's text and accessible name. */
  label: string;
  /** The menu's accessible name (the button's text by default). */
  menuLabel?: string;
  actions: readonly MenuAction[];
  disabled?: boolean;
  /** The button's title (why it is disabled). */
  title?: string | undefined;
  /** Which edge of the button the list lines up with. */
  align?: 'start' | 'end';
  buttonClassName?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = list.findIndex((item) => item === document.activeElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="actions-menu" ref={root}>
      <button
        type="button"
        ref={button}
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        disabled={disabled}
        title={title}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          className={
            align === 'start'
              ? 'actions-menu__list actions-menu__list--start'
              : 'actions-menu__list actions-menu__list--end'
          }
          id={`${id}-menu`}
          role="menu"
          aria-label={menuLabel}
          tabIndex={-1}
          onKeyDown={onMenuKey}
        >
          {actions.map((action, index) => {
            const unusable = action.disabled === true || action.reason !== undefined;
            return (
              <button
                key={action.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={action.negative ? 'actions-menu__item--negative' : undefined}
                aria-disabled={unusable || undefined}
                title={action.reason}
                ref={(element) => {
                  items.current[index] = element;
                }}
                onClick={() => {
                  if (unusable) return;
                  close();
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
