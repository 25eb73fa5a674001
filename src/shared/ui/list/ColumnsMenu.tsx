import { useId } from 'react';
import { useDropdown } from './useDropdown';
import type { ListColumn } from './types';

/** A "Columns" menu of checkboxes; the list remembers the choice. */
export function ColumnsMenu<T, E>({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly ListColumn<T, E>[];
  hidden: ReadonlySet<string>;
  onToggle: (column: ListColumn<T, E>) => void;
}) {
  const { open, setOpen, rootRef } = useDropdown();
  const menuId = useId();

  return (
    <div className="p-contextual-menu list-columns" ref={rootRef}>
      <button
        type="button"
        className="p-button has-icon p-contextual-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <span>Columns</span>
        <i className="p-icon--chevron-down p-contextual-menu__indicator" aria-hidden="true" />
      </button>
      <div className="p-contextual-menu__dropdown" id={menuId} aria-hidden={!open}>
        <fieldset className="list-columns__list">
          <legend className="u-off-screen">Shown columns</legend>
          {columns
            .filter((column) => !column.alwaysShown)
            .map((column) => (
              <label className="p-checkbox" key={column.id}>
                <input
                  type="checkbox"
                  className="p-checkbox__input"
                  checked={!hidden.has(column.id)}
                  onChange={() => {
                    onToggle(column);
                  }}
                />
                <span className="p-checkbox__label">{column.header}</span>
              </label>
            ))}
        </fieldset>
      </div>
    </div>
  );
}
