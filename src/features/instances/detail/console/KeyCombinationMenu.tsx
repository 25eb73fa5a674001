import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { KEY_COMBINATIONS, type KeyCombination } from './keys';

/**
 * A menu button listing key combinations the browser would keep for itself (Ctrl+Alt+Del,
 * Ctrl+Alt+F1…F12, Alt+Tab, …); choosing one sends it to the virtual machine.
 */
export function KeyCombinationMenu({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (combination: KeyCombination) => void;
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
    <div className="key-menu" ref={root}>
      <button
        type="button"
        ref={button}
        className="p-button has-icon"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        disabled={disabled}
        title={disabled ? 'Available once the console is connected' : undefined}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Send key combination
      </button>
      {open && (
        <div
          className="key-menu__list"
          id={`${id}-menu`}
          role="menu"
          aria-label="Key combinations"
          tabIndex={-1}
          onKeyDown={onMenuKey}
        >
          {KEY_COMBINATIONS.map((combination, index) => (
            <button
              key={combination.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              ref={(element) => {
                items.current[index] = element;
              }}
              onClick={() => {
                onSend(combination);
                close();
              }}
            >
              {combination.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
