import { useCallback, useId, useRef, useState } from 'react';
import { useNotificationCount } from './context';
import { NotificationList } from './NotificationList';

/**
 * A ready status-bar control: a button with the notification count that toggles the list
 * (Escape or the list's Close button closes it and returns focus to the button).
 */
export function NotificationCenter() {
  const count = useNotificationCount();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="p-button--base is-small notification-center__button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        Notifications <span className="p-badge">{count}</span>
      </button>
      {open && <NotificationList id={listId} onClose={close} />}
    </>
  );
}
