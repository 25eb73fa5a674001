import { DropdownMenu } from './DropdownMenu';
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
  return (
    <DropdownMenu label="Columns" className="list-columns">
      {() => (
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
      )}
    </DropdownMenu>
  );
}
