import { useCallback, useMemo, type ReactNode } from 'react';
import type { InstanceType } from '../../../lxd/types/instance';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListQuery,
  type ListSearch,
} from '../../../shared/ui/list';
import {
  BY_ALIAS,
  imageFilters,
  PICKER_NOUN,
  VM_UNAVAILABLE,
  type ImageAttributes,
} from './imagePickerList';

/**
 * One of the image picker's lists (this project's images, a remote server's): sorted by alias,
 * filtered by distribution, release, architecture, variant and type, each row with its Select
 * button (a virtual machine image cannot be chosen on a server without qemu).
 */
export function PickerList<T extends ImageAttributes & { type: InstanceType }>({
  label,
  rows,
  query,
  columns,
  search,
  rowKey,
  rowLabel,
  empty,
  vmSupported,
  onSelect,
}: {
  /** The table's accessible name. */
  label: string;
  rows: T[] | undefined;
  query: ListQuery;
  columns: readonly ListColumn<T>[];
  search: ListSearch<T>;
  rowKey: (row: T) => string;
  /** How a row is named (its Select button says "Select {label}"). */
  rowLabel: (row: T) => string;
  empty: { title: string; body?: ReactNode };
  vmSupported: boolean;
  onSelect: (row: T) => void;
}) {
  const filters = useMemo(() => imageFilters(rows), [rows]);
  const view = useListView<T>({
    state: 'local',
    rows,
    columns,
    rowKey,
    defaultSort: BY_ALIAS,
    search,
    filters,
  });
  const rowActions = useCallback(
    (row: T) => {
      const blocked = row.type === 'virtual-machine' && !vmSupported;
      return (
        <button
          type="button"
          className="p-button is-dense"
          disabled={blocked}
          title={blocked ? VM_UNAVAILABLE : undefined}
          aria-label={`Select ${rowLabel(row)}`}
          onClick={() => {
            onSelect(row);
          }}
        >
          Select
        </button>
      );
    },
    [vmSupported, rowLabel, onSelect],
  );
  return (
    <ResourceList<T>
      view={view}
      label={label}
      noun={PICKER_NOUN}
      query={query}
      empty={empty}
      rowActions={rowActions}
      actionsWidth={7}
      rowLabel={rowLabel}
    />
  );
}
