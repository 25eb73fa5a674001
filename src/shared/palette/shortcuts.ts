/**
 * The console's keyboard shortcuts: the one list the keyboard map (`?`) shows and the keys the
 * shell listens to. Only keys that work are listed here.
 */

export interface Shortcut {
  /** Each combination is its keys; several combinations do the same. */
  keys: readonly (readonly string[])[];
  what: string;
}

export interface ShortcutSection {
  title: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUTS: readonly ShortcutSection[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      {
        keys: [
          ['Ctrl', 'K'],
          ['⌘', 'K'],
        ],
        what: 'Open the command palette',
      },
      { keys: [['?']], what: 'Show the keyboard shortcuts (outside a text field)' },
      { keys: [['Escape']], what: 'Close the dialog or menu' },
    ],
  },
  {
    title: 'Command palette',
    shortcuts: [
      { keys: [['↓'], ['↑']], what: 'Move to the next or previous option' },
      { keys: [['Page Down'], ['Page Up']], what: 'Move ten options down or up' },
      { keys: [['Enter']], what: 'Go to the option or run it' },
      { keys: [['Escape']], what: 'Close the palette' },
    ],
  },
  {
    title: 'Menus',
    shortcuts: [
      { keys: [['↓'], ['↑']], what: 'Move to the next or previous item' },
      { keys: [['Home'], ['End']], what: 'Move to the first or last item' },
    ],
  },
  {
    title: 'Lists',
    shortcuts: [
      {
        keys: [['Shift', 'click']],
        what: 'Select every row between the last selected and this one',
      },
    ],
  },
];

/** Ctrl+K, or ⌘+K on a Mac: opens the palette, wherever focus is. */
export function isPaletteKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'k'
  );
}

/** Where `?` is typed as text rather than taken as a shortcut. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return target.getAttribute('role') === 'textbox' || target.closest('.xterm') !== null;
}

/** `?` outside a text field: the keyboard map. */
export function isKeyboardMapKey(event: KeyboardEvent): boolean {
  return (
    event.key === '?' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isTextField(event.target)
  );
}
