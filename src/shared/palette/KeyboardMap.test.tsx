import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KeyboardMap } from './KeyboardMap';
import { isKeyboardMapKey, isPaletteKey } from './shortcuts';

describe('KeyboardMap', () => {
  it('lists the shortcuts by where they work', () => {
    render(<KeyboardMap onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const anywhere = within(dialog).getByRole('region', { name: 'Anywhere' });
    expect(anywhere).toHaveTextContent('Ctrl+K or ⌘+KOpen the command palette');
    expect(anywhere).toHaveTextContent('?Show the keyboard shortcuts (outside a text field)');
    expect(within(dialog).getByRole('region', { name: 'Command palette' })).toHaveTextContent(
      'EnterGo to the option or run it',
    );
  });
});

describe('the shell keys', () => {
  const key = (init: KeyboardEventInit, target?: HTMLElement) => {
    const event = new KeyboardEvent('keydown', { bubbles: true, ...init });
    (target ?? document.body).dispatchEvent(event);
    return event;
  };

  it('takes Ctrl+K and ⌘+K, not with Shift or Alt', () => {
    expect(isPaletteKey(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'k', metaKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'K', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteKey(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteKey(key({ key: 'k' }))).toBe(false);
  });

  it('takes ? outside text fields only', () => {
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const textarea = document.createElement('textarea');
    document.body.append(input, checkbox, textarea);
    const events: KeyboardEvent[] = [];
    const listener = (event: KeyboardEvent) => events.push(event);
    document.addEventListener('keydown', listener);
    key({ key: '?', shiftKey: true });
    key({ key: '?', shiftKey: true }, input);
    key({ key: '?', shiftKey: true }, checkbox);
    key({ key: '?', shiftKey: true }, textarea);
    document.removeEventListener('keydown', listener);
    expect(events.map(isKeyboardMapKey)).toEqual([true, false, true, false]);
    input.remove();
    checkbox.remove();
    textarea.remove();
  });
});
