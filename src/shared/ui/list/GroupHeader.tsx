/** A grouped table's header row of a group (a button that collapses it, and its count). */
import type { RowGroup } from './grouping';

export function GroupHeader<T>({
  group,
  span,
  rowIndex,
  onToggle,
}: {
  group: RowGroup<T>;
  span: number;
  rowIndex: number | undefined;
  onToggle: (key: string) => void;
}) {
  return (
    <tr className="data-table__group data-table__group--collapsible" aria-rowindex={rowIndex}>
      <th scope="rowgroup" colSpan={span}>
        <button
          type="button"
          className="data-table__group-toggle"
          aria-expanded={!group.collapsed}
          aria-label={`${group.collapsed ? 'Expand' : 'Collapse'} ${group.label}`}
          onClick={() => {
            onToggle(group.key);
          }}
        >
          <i className="p-icon--chevron-down data-table__group-icon" aria-hidden="true" />
          {group.label}
        </button>{' '}
        <span className="data-table__group-count">({group.rows.length})</span>
      </th>
    </tr>
  );
}

export const ignoreToggle = () => undefined;
