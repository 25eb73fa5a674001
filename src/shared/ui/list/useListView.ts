/**
 * Everything a list page derives from its rows: the search and filters (in the URL), the sort
 * (in the URL), the shown columns (remembered per list), the rows as shown, and the selection.
 * The page hands the result to <ResourceList>; it can also act on `selection` itself.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import type { SearchChips } from './SearchBox';
import { sortRows } from './sort';
import type { ListColumn, SortState } from './types';
import {
  useHiddenColumns,
  useParamStore,
  useSelection,
  useUrlSearch,
  useUrlSort,
  type Selection,
} from './useListState';

export interface ListSearch<T> {
  /** The search box's accessible name ("Search profiles"). */
  label: string;
  placeholder?: string;
  help?: ReactNode;
  chips?: SearchChips;
  /** Turns the search text into a row test (compiled once per search, not per row). */
  compile: (term: string) => (row: T) => boolean;
}

/** A drop-down filter kept in the URL as `?{param}=value`. */
export interface ListFilter<T> {
  param: string;
  label: string;
  options: readonly { value: string; label: string }[];
  match: (row: T, value: string) => boolean;
}

export interface ListViewOptions<T, E> {
  /** Remembers the columns menu (`lxd-console.{id}.hidden-columns`); none without it. */
  id?: string;
  rows: readonly T[] | undefined;
  columns: readonly ListColumn<T, E>[];
  rowKey: (row: T) => string;
  defaultSort?: SortState;
  search?: ListSearch<T>;
  filters?: readonly ListFilter<T>[];
  /** Search, filters and sort in the URL (a page's list, the default) or in the component. */
  state?: 'url' | 'local';
  /** Rows that cannot be selected say why (the checkbox is disabled with this title). */
  selectDisabledReason?: (row: T) => string | undefined;
}

export interface ListView<T, E> {
  all: readonly T[];
  shown: readonly T[];
  columns: readonly ListColumn<T, E>[];
  shownColumns: readonly ListColumn<T, E>[];
  hidden: ReadonlySet<string>;
  toggleColumn: (column: ListColumn<T, E>) => void;
  sort: SortState | undefined;
  onSort: (column: string) => void;
  searchText: string;
  setSearch: (value: string) => void;
  search: ListSearch<T> | undefined;
  filters: readonly ListFilter<T>[];
  filterValue: (param: string) => string;
  setFilter: (param: string, value: string) => void;
  /** Whether the search or a filter hides rows. */
  narrowed: boolean;
  clearSearch: () => void;
  selection: Selection<T> & { disabledReason?: ((row: T) => string | undefined) | undefined };
  rowKey: (row: T) => string;
  listId: string | undefined;
}

const NO_FILTERS: readonly never[] = [];
const EVERY_ROW = () => true;

export function useListView<T, E = undefined>(options: ListViewOptions<T, E>): ListView<T, E> {
  const { id, rows, columns, rowKey, defaultSort, search, selectDisabledReason } = options;
  const filters = options.filters ?? NO_FILTERS;
  const store = useParamStore(options.state ?? 'url');
  const [params, setParams] = store;
  // Rows follow each keystroke in the same render (no deferred second pass, which cost a frame):
  // the search is compiled once and the table draws only the rows in view.
  const [searchText, setSearch] = useUrlSearch('search', store);
  const [sort, onSort] = useUrlSort(columns, defaultSort, store);
  const [hidden, toggleColumn] = useHiddenColumns(id, columns);

  const shownColumns = useMemo(
    () => columns.filter((column) => column.alwaysShown || !hidden.has(column.id)),
    [columns, hidden],
  );
  const sorted = useMemo(
    () => sortRows(rows ?? [], columns, sort, rowKey),
    [rows, columns, sort, rowKey],
  );
  // The filter values as one string, so the rows are filtered again only when one changes.
  const filterKey = new URLSearchParams(
    filters.map((filter) => [filter.param, params.get(filter.param) ?? '']),
  ).toString();
  const compile = search?.compile;
  const shown = useMemo(() => {
    const test = compile && searchText.trim() ? compile(searchText) : EVERY_ROW;
    const values = new URLSearchParams(filterKey);
    const active = filters
      .map((filter) => ({ filter, value: values.get(filter.param) ?? '' }))
      .filter((entry) => entry.value !== '');
    if (test === EVERY_ROW && active.length === 0) return sorted;
    return sorted.filter(
      (row) => test(row) && active.every(({ filter, value }) => filter.match(row, value)),
    );
  }, [sorted, compile, searchText, filterKey, filters]);

  const canSelect = useMemo(
    () => (selectDisabledReason ? (row: T) => selectDisabledReason(row) === undefined : undefined),
    [selectDisabledReason],
  );
  const selection = useSelection(shown, rowKey, canSelect);

  const filterValue = useCallback((param: string) => params.get(param) ?? '', [params]);
  const setFilter = useCallback(
    (param: string, value: string) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(param, value);
          else next.delete(param);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const clearSearch = useCallback(() => {
    setSearch('');
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const filter of filters) next.delete(filter.param);
        return next;
      },
      { replace: true },
    );
  }, [filters, setParams, setSearch]);

  return {
    all: rows ?? [],
    shown,
    columns,
    shownColumns,
    hidden,
    toggleColumn,
    sort,
    onSort,
    searchText,
    setSearch,
    search,
    filters,
    filterValue,
    setFilter,
    narrowed: searchText.trim() !== '' || filters.some((filter) => params.get(filter.param)),
    clearSearch,
    selection: { ...selection, disabledReason: selectDisabledReason },
    rowKey,
    listId: id,
  };
}
