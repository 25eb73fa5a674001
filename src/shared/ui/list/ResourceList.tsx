/**
 * A resource list as a page shows it: the toolbar (search, filters, count, columns menu), the
 * bulk-action bar while rows are selected, the table, and the loading, empty, no-match and error
 * states. A feature declares columns and calls `useListView`; this renders the rest.
 */
import { type ReactNode } from 'react';
import { useMarkFirstContent } from '../afterFirstScreen';
import { Loader } from '../Loader';
import { EmptyState, ErrorNotice } from '../States';
import { ColumnsMenu } from './ColumnsMenu';
import { DataTable, NARROW_QUERY, type DataTableProps } from './DataTable';
import { SearchBox } from './SearchBox';
import { countOf, type Noun } from './types';
import { useMediaQuery } from './useListState';
import type { ListView } from './useListView';
import type { ViewOwner } from './views';
import { ViewsMenu } from './ViewsMenu';
import './list.scss';

/** Row height of resource lists, in px (kept in step with list.scss). */
export const LIST_ROW_HEIGHT = 44;

/** A filter's choices, with the value in the URL when the rows have none of it (kept as typed). */
function withValue(options: readonly { value: string; label: string }[], value: string) {
  return value === '' || options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: value }];
}

export interface ListQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

type TableProps<T, E> = Pick<
  DataTableProps<T, E>,
  | 'rowActions'
  | 'actionsWidth'
  | 'rowExtra'
  | 'rowLabel'
  | 'rowDescription'
  | 'rowClassName'
  | 'rowGroup'
  | 'onVisibleRowsChange'
  | 'className'
>;

export interface ResourceListProps<T, E> extends TableProps<T, E> {
  view: ListView<T, E>;
  /** The table's accessible name ("Profiles"). */
  label: string;
  noun: Noun;
  /** Loading and error of the list's data (a TanStack Query result fits). */
  query: ListQuery;
  /** What an empty list says: "No {noun} found" unless given, a line of help and an action. */
  empty?: { title?: string; body?: ReactNode; action?: ReactNode };
  /** With selection: what can be done with the selected rows (buttons). */
  bulkActions?: (rows: T[], clear: () => void) => ReactNode;
  /** More controls at the end of the toolbar. */
  toolbar?: ReactNode;
  /** Fixed row height (px) with windowing for long lists; `null` lets rows grow (no windowing). */
  rowHeight?: number | null;
  /** Offers the "Views" menu (named views saved for this user and remote); needs the list's id. */
  views?: ViewOwner | undefined;
}

export function ResourceList<T, E = undefined>({
  view,
  label,
  noun,
  query,
  empty,
  bulkActions,
  toolbar,
  rowHeight = LIST_ROW_HEIGHT,
  views,
  ...table
}: ResourceListProps<T, E>) {
  const total = view.all.length;
  const shown = view.shown.length;
  // Below 620 px only priority columns show, so there is nothing for the menu to offer.
  const narrow = useMediaQuery(NARROW_QUERY);
  const hideable = !narrow && view.columns.some((column) => !column.alwaysShown);
  const { selectedRows, clear } = view.selection;
  const settled = !query.isPending;
  // The first screen's content is here: code it did not need may load now.
  useMarkFirstContent(settled);

  if (query.isPending) return <Loader text={`Loading ${noun.other}…`} />;
  if (query.error && total === 0) {
    return (
      <ErrorNotice
        title={`Could not load ${noun.other}`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (total === 0) {
    return (
      <EmptyState title={empty?.title ?? `No ${noun.other} found`}>
        {empty?.body}
        {empty?.action}
      </EmptyState>
    );
  }
  return (
    <div className="resource-list">
      {query.error !== null && query.error !== undefined && (
        <ErrorNotice
          title={`Could not refresh ${noun.other}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <div className="resource-list__toolbar">
        {view.search && (
          <SearchBox
            label={view.search.label}
            placeholder={view.search.placeholder}
            help={view.search.help}
            chips={view.search.chips}
            value={view.searchText}
            onChange={view.setSearch}
          />
        )}
        {view.filters.map((filter) => (
          <label className="resource-list__filter" key={filter.param}>
            <span className="resource-list__filter-label">{filter.label}</span>
            <select
              value={view.filterValue(filter.param)}
              onChange={(event) => {
                view.setFilter(filter.param, event.target.value);
              }}
            >
              <option value="">All</option>
              {withValue(filter.options, view.filterValue(filter.param)).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        {view.groupOptions && (
          <label className="resource-list__filter">
            <span className="resource-list__filter-label">Group by</span>
            <select
              value={view.groupValue}
              onChange={(event) => {
                view.setGroup(event.target.value);
              }}
            >
              {view.groupOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <p className="resource-list__count u-text--muted" aria-live="polite">
          {shown === total ? countOf(total, noun) : `${String(shown)} of ${countOf(total, noun)}`}
        </p>
        {hideable && view.listId !== undefined && (
          <ColumnsMenu columns={view.columns} hidden={view.hidden} onToggle={view.toggleColumn} />
        )}
        {views && view.listId !== undefined && (
          <ViewsMenu
            listId={view.listId}
            owner={views}
            current={view.viewParams}
            apply={view.applyView}
          />
        )}
        {toolbar}
      </div>
      {bulkActions && selectedRows.length > 0 && (
        <div className="resource-list__bulk" role="toolbar" aria-label={`Selected ${noun.other}`}>
          <span className="resource-list__bulk-count" aria-live="polite">
            {countOf(selectedRows.length, noun)} selected
          </span>
          {bulkActions(selectedRows, clear)}
          <button type="button" className="p-button--base is-dense" onClick={clear}>
            Clear selection
          </button>
        </div>
      )}
      {shown === 0 ? (
        <EmptyState title={`No ${noun.other} match the search`}>
          <p>Change the search or clear it to see every {noun.one}.</p>
          <button type="button" className="p-button" onClick={view.clearSearch}>
            Show all {noun.other}
          </button>
        </EmptyState>
      ) : (
        <DataTable<T, E>
          {...table}
          label={label}
          noun={noun}
          rows={view.shown}
          columns={view.shownColumns}
          rowKey={view.rowKey}
          sort={view.sort}
          onSort={view.onSort}
          selection={bulkActions ? view.selection : undefined}
          grouped={view.grouped && { entries: view.grouped.entries, onToggle: view.toggleGroup }}
          rowHeight={rowHeight ?? undefined}
        />
      )}
    </div>
  );
}
