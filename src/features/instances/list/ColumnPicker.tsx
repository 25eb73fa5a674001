import { useEffect, useId, useRef, useState } from 'react';
import { ALWAYS_SHOWN, type ColumnDef, type ColumnId } from './columns';

/** A "Columns" menu of checkboxes; the choice is remembered by the page. */
export function ColumnPicker({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly ColumnDef[];
  hidden: ReadonlySet<ColumnId>;
  onToggle: (id: ColumnId) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="p-contextual-menu instances-columns" ref={rootRef}>
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
        <fieldset className="instances-columns__list">
          <legend className="u-off-screen">Shown columns</legend>
          {columns
            .filter((column) => !ALWAYS_SHOWN.has(column.id))
            .map((column) => (
              <label className="p-checkbox" key={column.id}>
                <input
                  type="checkbox"
                  className="p-checkbox__input"
                  checked={!hidden.has(column.id)}
                  onChange={() => {
                    onToggle(column.id);
                  }}
                />
                <span className="p-checkbox__label">{column.label}</span>
              </label>
            ))}
        </fieldset>
      </div>
    </div>
  );
}
