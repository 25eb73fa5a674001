/**
 * Everything a list page derives from its rows: the search and filters (in the URL), the sort
 * (in the URL), the shown columns (remembered per list), the rows as shown, and the selection.
 * The page hands the result to <ResourceList>; it can also act on `selection` itself.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { groupRows, rowsOf, type GroupedRows, type GroupsOf } from './grouping';
import type { SearchChips } from './SearchBox';
import { sortRows } from './sort';
import type { ListColumn, SortState } from './types';
import { COLUMNS_PARAM, GROUP_PARAM, parseColumnsParam, formatColumnsParam } from './views';
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

/** The "Group by" choices of a list, kept in the URL as `?group=`. */
export interface ListGrouping<T> {
  /** The choices besides "None" (they may depend on the rows: the user keys they have). */
  options: (rows: readonly T[]) => readonly { value: string; label: string }[];
  /** The groups of a row under a choice; undefined for a choice the list does not know. */
  groupsOf: (value: string) => GroupsOf<T> | undefined;
  /** The header of the rows of no group under a choice ("No tag", "No value"). */
  emptyLabel: (value: string) => string;
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
  /** Offers "Group by" (`?group=`): group header rows with counts, each collapsible. */
  grouping?: ListGrouping<T>;
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
  /** The "Group by" choices ("None" is value ''), when the list groups. */
  groupOptions: readonly { value: string; label: string }[] | undefined;
  groupValue: string;
  setGroup: (value: string) => void;
  /** The shown rows by group, when grouped. */
  grouped: GroupedRows<T> | undefined;
  toggleGroup: (key: string) => void;
  /** The URL parameters that make this view (search, filters, sort, group, columns). */
  viewParams: () => URLSearchParams;
  /** Shows the view that `params` describe (the parameters a view does not set are cleared). */
  applyView: (params: URLSearchParams) => void;
}

const NO_FILTERS: readonly never[] = [];
const EVERY_ROW = () => true;
const NO_ROWS: readonly never[] = [];
const NO_KEYS: ReadonlySet<string> = new Set();

export function useListView<T, E = undefined>(options: ListViewOptions<T, E>): ListView<T, E> {
  const { id, rows, columns, rowKey, defaultSort, search, selectDisabledReason } = options;
  const filters = options.filters ?? NO_FILTERS;
  const store = useParamStore(options.state ?? 'url');
  const [params, setParams] = store;
  // Rows follow each keystroke in the same render (no deferred second pass, which cost a frame):
  // the search is compiled once and the table draws only the rows in view.
  const [searchText, setSearch] = useUrlSearch('search', store);
  const [sort, onSort] = useUrlSort(columns, defaultSort, store);
  const [remembered, toggleRemembered] = useHiddenColumns(id, columns);
  // `?columns=` (a view's link) names the shown columns and wins over the remembered choice.
  const columnsParam = params.get(COLUMNS_PARAM);
  const hidden = useMemo(
    () => (columnsParam === null ? remembered : parseColumnsParam(columnsParam, columns)),
    [columnsParam, remembered, columns],
  );
  const toggleColumn = useCallback(
    (column: ListColumn<T, E>) => {
      if (column.alwaysShown) return;
      if (columnsParam === null) {
        toggleRemembered(column);
        return;
      }
      const next = new Set(hidden);
      if (next.has(column.id)) next.delete(column.id);
      else next.add(column.id);
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(COLUMNS_PARAM, formatColumnsParam(columns, next));
          return updated;
        },
        { replace: true },
      );
    },
    [columnsParam, toggleRemembered, hidden, setParams, columns],
  );

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

  const grouping = options.grouping;
  const all = rows ?? NO_ROWS;
  const groupOptions = useMemo(
    () => (grouping ? [{ value: '', label: 'None' }, ...grouping.options(all)] : undefined),
    [grouping, all],
  );
  const requestedGroup = params.get(GROUP_PARAM) ?? '';
  const groupsOf = grouping && requestedGroup ? grouping.groupsOf(requestedGroup) : undefined;
  const groupValue = groupsOf ? requestedGroup : '';
  const [collapsed, setCollapsed] = useState<{ group: string; keys: ReadonlySet<string> }>({
    group: '',
    keys: new Set(),
  });
  // Collapsed groups are forgotten when the grouping changes.
  const collapsedKeys = collapsed.group === groupValue ? collapsed.keys : NO_KEYS;
  const emptyLabel = grouping && groupValue ? grouping.emptyLabel(groupValue) : '';
  const grouped = useMemo(
    () =>
      groupsOf ? groupRows(shown, groupsOf, { emptyLabel, collapsed: collapsedKeys }) : undefined,
    [shown, groupsOf, emptyLabel, collapsedKeys],
  );
  const canSelect = useMemo(
    () => (selectDisabledReason ? (row: T) => selectDisabledReason(row) === undefined : undefined),
    [selectDisabledReason],
  );
  // Selection, select all and shift-click ranges follow the rows as drawn: grouped, the rows of
  // the expanded groups in group order.
  const drawn = useMemo(() => (grouped ? rowsOf(grouped.entries) : shown), [grouped, shown]);
  const selection = useSelection(drawn, rowKey, canSelect);
  const toggleGroup = useCallback(
    (key: string) => {
      setCollapsed((current) => {
        const keys = new Set(current.group === groupValue ? current.keys : NO_KEYS);
        if (keys.has(key)) keys.delete(key);
        else keys.add(key);
        return { group: groupValue, keys };
      });
    },
    [groupValue, setCollapsed],
  );
  const setGroup = useCallback(
    (value: string) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(GROUP_PARAM, value);
          else next.delete(GROUP_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

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
  const viewParams = useCallback(() => {
    const view = new URLSearchParams();
    if (searchText.trim()) view.set('search', searchText);
    for (const filter of filters) {
      const value = params.get(filter.param);
      if (value) view.set(filter.param, value);
    }
    const sortParam = params.get('sort');
    if (sortParam) view.set('sort', sortParam);
    if (groupValue) view.set(GROUP_PARAM, groupValue);
    view.set(COLUMNS_PARAM, formatColumnsParam(columns, hidden));
    return view;
  }, [searchText, filters, params, groupValue, columns, hidden]);
  const applyView = useCallback(
    (view: URLSearchParams) => {
      const owned = ['search', 'sort', GROUP_PARAM, COLUMNS_PARAM, ...filters.map((f) => f.param)];
      setSearch(view.get('search') ?? '');
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const name of owned) {
          const value = view.get(name);
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      });
    },
    [filters, setParams, setSearch],
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
    all,
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
    groupOptions,
    groupValue,
    setGroup,
    grouped,
    toggleGroup,
    viewParams,
    applyView,
  };
}
