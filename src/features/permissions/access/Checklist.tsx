import { useId, useState, type ReactNode } from 'react';

export interface ChecklistItem {
  value: string;
  label: string;
  /** Muted text after the label (an identity's authentication method). */
  hint?: string;
}

/** Past this many items the list gets a filter box. */
const FILTER_FROM = 8;

/**
 * A set of choices as checkboxes in a fieldset named by `legend` (the groups of an identity, the
 * members of a group). `empty` says what to do when there is nothing to choose.
 */
export function Checklist({
  legend,
  items,
  selected,
  onChange,
  empty,
  problem,
  disabled = false,
}: {
  legend: string;
  /** undefined while loading. */
  items: readonly ChecklistItem[] | undefined;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  empty: ReactNode;
  /** What is wrong with the choice (shown under it). */
  problem?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = (items ?? []).filter((item) =>
    `${item.label} ${item.hint ?? ''}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const toggle = (value: string, on: boolean) => {
    onChange(on ? [...selected, value] : selected.filter((candidate) => candidate !== value));
  };

  return (
    <fieldset
      className={`access-checklist p-form-validation${problem ? ' is-error' : ''}`}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend>{legend}</legend>
      {items === undefined && <p className="u-text--muted">Loading…</p>}
      {items?.length === 0 && <div className="p-form-help-text">{empty}</div>}
      {items !== undefined && items.length > FILTER_FROM && (
        <>
          <label className="u-off-screen" htmlFor={`${id}-filter`}>
            Filter {legend.toLowerCase()}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            className="access-checklist__filter"
            placeholder={`Filter ${legend.toLowerCase()}`}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </>
      )}
      <div className="access-checklist__items">
        {shown.map((item) => (
          <label className="p-checkbox" key={item.value}>
            <input
              type="checkbox"
              className="p-checkbox__input"
              checked={selected.includes(item.value)}
              disabled={disabled}
              onChange={(event) => toggle(item.value, event.target.checked)}
            />
            <span className="p-checkbox__label">
              {item.label}
              {item.hint && (
                <>
                  {' '}
                  <span className="u-text--muted">{item.hint}</span>
                </>
              )}
            </span>
          </label>
        ))}
      </div>
      {problem && (
        <p className="p-form-validation__message" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
