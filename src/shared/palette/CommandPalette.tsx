import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '../routing/router';
import { useModalFocus } from '../ui/modal-focus';
import { clsx } from '../ui/clsx';
import { filterOptions } from './match';
import './palette.scss';

/** One thing the palette can do: go to a screen or a resource, or run an action. */
export interface PaletteOption {
  /** Unique within its group. */
  id: string;
  label: string;
  /** Shown after the label (an instance's status, a volume's pool). */
  detail?: string | undefined;
  keywords?: string | undefined;
  /** Why it cannot run: shown under it, and Enter does nothing. */
  reason?: string | undefined;
  shortcut?: string | undefined;
  /** Where it leads (a path of ../routing/paths.ts)… */
  to?: string | undefined;
  /** …or what it does. */
  run?: (() => void) | undefined;
}

export interface PaletteGroup {
  label: string;
  options: readonly PaletteOption[];
  /** At most this many of the group's matches are shown (default 10). */
  limit?: number;
  /** Still loading: said in place of its options when none match yet. */
  loading?: boolean;
}

/** At most this many options are shown in all. */
export const PALETTE_LIMIT = 50;
export const PALETTE_INPUT_LABEL = 'Search resources, screens and actions';

interface Shown {
  group: PaletteGroup;
  options: PaletteOption[];
  /** The index of its first option among all shown. */
  start: number;
}

/** The groups' matches for a query, at most PALETTE_LIMIT in all. */
export function paletteMatches(groups: readonly PaletteGroup[], query: string): Shown[] {
  let room = PALETTE_LIMIT;
  const shown: Shown[] = [];
  for (const group of groups) {
    if (room === 0) break;
    const options = filterOptions(group.options, query, Math.min(group.limit ?? 10, room));
    if (options.length > 0) shown.push({ group, options, start: PALETTE_LIMIT - room });
    room -= options.length;
  }
  return shown;
}

/**
 * The command palette (Ctrl/⌘+K): a dialog with a combobox and a listbox of options grouped
 * (actions, screens, resources). Arrow keys move, Enter runs, Escape closes; an option with a
 * reason is disabled and says why.
 */
export function CommandPalette({
  groups,
  onClose,
}: {
  groups: readonly PaletteGroup[];
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLElement>(null);
  useModalFocus(dialogRef, onClose, 'input');
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => paletteMatches(groups, query), [groups, query]);
  const flat = useMemo(() => shown.flatMap((entry) => entry.options), [shown]);
  const current = Math.min(active, flat.length - 1);
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const navigate = useNavigate();

  const run = (option: PaletteOption | undefined) => {
    if (!option || option.reason !== undefined) return;
    onClose();
    if (option.to !== undefined) void navigate(option.to);
    else option.run?.();
  };
  const move = (to: number) => {
    if (flat.length === 0) return;
    const next = (to + flat.length) % flat.length;
    setActive(next);
    const element = document.getElementById(optionId(next));
    // jsdom has no scrollIntoView.
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'PageDown') move(Math.min(current + 10, flat.length - 1));
    else if (event.key === 'PageUp') move(Math.max(current - 10, 0));
    else if (event.key === 'Enter') run(flat[current]);
    else return;
    event.preventDefault();
  };

  return (
    <div
      className="p-modal command-palette-backdrop"
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <section
        className="command-palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        ref={dialogRef}
      >
        <input
          className="command-palette__input"
          type="text"
          role="combobox"
          aria-label={PALETTE_INPUT_LABEL}
          placeholder={PALETTE_INPUT_LABEL}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length > 0 ? optionId(current) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="command-palette__list" id={listId} role="listbox" aria-label="Results">
          {shown.map(({ group, options, start }) => (
            <div key={group.label} role="group" aria-label={group.label}>
              <div className="command-palette__group" aria-hidden="true">
                {group.label}
              </div>
              {options.map((option, offset) => {
                const at = start + offset;
                const reasonId = `${optionId(at)}-reason`;
                return (
                  <div
                    key={option.id}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === current}
                    aria-disabled={option.reason !== undefined ? true : undefined}
                    aria-describedby={option.reason !== undefined ? reasonId : undefined}
                    className={clsx(
                      'command-palette__option',
                      at === current && 'is-active',
                      option.reason !== undefined && 'is-disabled',
                    )}
                    onMouseMove={() => {
                      if (at !== current) setActive(at);
                    }}
                    // Focus stays in the combobox (aria-activedescendant); a click or an
                    // Enter on an option that got focus runs it too.
                    tabIndex={-1}
                    onClick={() => run(option)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') run(option);
                    }}
                  >
                    <span className="command-palette__label">{option.label}</span>
                    {/* Spaces between the parts: the option's name is its text. */}
                    {option.detail && ' '}
                    {option.detail && (
                      <span className="command-palette__detail">{option.detail}</span>
                    )}
                    {option.shortcut && ' '}
                    {option.shortcut && (
                      <kbd className="command-palette__kbd">{option.shortcut}</kbd>
                    )}
                    {option.reason !== undefined && ' '}
                    {option.reason !== undefined && (
                      <span className="command-palette__reason" id={reasonId}>
                        {option.reason}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p className="command-palette__status" role="status">
          {flat.length === 0
            ? groups.some((group) => group.loading)
              ? 'Loading…'
              : `Nothing matches “${query.trim()}”`
            : ''}
        </p>
        <p className="command-palette__hint" aria-hidden="true">
          ↑ ↓ to move · Enter to run · Escape to close
        </p>
      </section>
    </div>
  );
}
