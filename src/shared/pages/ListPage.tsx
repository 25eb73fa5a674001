/**
 * A resource list page as a declaration: its rows (a query), columns, noun, search, filters,
 * create action, bulk and row actions. The page is the heading with its actions, an optional
 * note, and the shared list (src/shared/ui/list) with its toolbar, selection and states.
 */
import { useMemo, type ReactNode } from 'react';
import type { ProjectAction } from '../permissions/rules';
import { CreateLink, GatedLink } from '../ui/Gated';
import { usePaletteActions } from '../palette/actions';
import { useNavigate } from '../routing/router';
import { PageHeader } from '../ui/PageHeader';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListFilter,
  type ListSearch,
  type Noun,
  type ListQuery,
  type ResourceListProps,
  type SortState,
} from '../ui/list';
import { usePageContext, type PageContext } from './context';
import './pages.scss';

/** A list's data: the rows (undefined while loading) and the query's state. */
export interface ListRows<T, E = undefined> {
  rows: readonly T[] | undefined;
  query: ListQuery;
  /**
   * Per-row data fetched for the rows in view (the state of a network's row): the hook hands
   * the table its `rowExtra` and hears which rows are in view; and controls of the toolbar
   * that depend on the rows' hook (the cluster member whose settings are shown).
   */
  table?: Pick<ResourceListProps<T, E>, 'rowExtra' | 'onVisibleRowsChange' | 'toolbar'>;
  /** Filters whose choices come from data of their own (every pool, with volumes or not). */
  filters?: readonly ListFilter<T>[];
}

/** What the table gets from the rows' hook: per-row data, the rows in view, toolbar controls. */
export type ListTableHooks<T, E> = NonNullable<ListRows<T, E>['table']>;

/** The "Create …" button, in the header and in the empty state. */
export interface CreateAction {
  label: string;
  to: (context: PageContext) => string;
  /** The project rule that allows it (`createProfiles`)… */
  action?: ProjectAction;
  /** …or the reason it is not allowed, worked out otherwise. */
  reason?: (context: PageContext) => string | undefined;
}

type TablePassThrough<T, E> = Pick<
  ResourceListProps<T, E>,
  | 'rowActions'
  | 'actionsWidth'
  | 'rowExtra'
  | 'rowHeight'
  | 'rowDescription'
  | 'rowClassName'
  | 'onVisibleRowsChange'
  | 'rowGroup'
  | 'className'
>;

export interface ListPageDeclaration<T, E = undefined> {
  /** Remembers the columns menu, names the heading (`{id}-heading`). */
  id: string;
  title: string;
  /** The table's accessible name; the title by default. */
  tableLabel?: string;
  noun: Noun;
  /** The rows: usually `listRows(useQuery(…))`. Called as a hook. */
  useRows: (context: PageContext) => ListRows<T, E>;
  columns: (context: PageContext) => readonly ListColumn<T, E>[];
  rowKey: (row: T) => string;
  /** The row's accessible name; the key by default. */
  rowLabel?: (row: T) => string;
  defaultSort?: SortState;
  search?: ListSearch<T>;
  filters?: (context: PageContext, rows: readonly T[]) => readonly ListFilter<T>[];
  /** A link to the create page, or a control of the feature's own (a button opening a dialog). */
  create?: CreateAction | ((context: PageContext) => ReactNode);
  /** More controls in the header, before the create button. */
  actions?: (context: PageContext) => ReactNode;
  /** A note between the heading and the list. */
  notice?: (context: PageContext) => ReactNode;
  /** What follows the list on the page (a second, related table). */
  footer?: (context: PageContext) => ReactNode;
  /** What an empty list says under "No {noun} found". */
  empty: ReactNode | ((context: PageContext) => ReactNode);
  emptyTitle?: string;
  /** Turns selection on: what can be done with the selected rows. */
  bulkActions?: (rows: T[], clear: () => void, context: PageContext) => ReactNode;
  selectDisabledReason?: (context: PageContext) => (row: T) => string | undefined;
  /** Per-row controls (the Actions column). */
  rowActions?: (context: PageContext) => NonNullable<ResourceListProps<T, E>['rowActions']>;
  table?: Omit<TablePassThrough<T, E>, 'rowActions'>;
  /** The page's class (feature styles). */
  className?: string;
  /**
   * Why the server cannot list such objects (an API extension it lacks), if so: the page is then
   * its heading and this note, and asks for nothing.
   */
  unavailable?: (context: PageContext) => string | undefined;
  /**
   * What depends on more than the route (a search parameter that changes the view, such as
   * `?all-projects=1`), called as a hook: its columns (memoized) and empty title replace the
   * declared ones.
   */
  useVariant?: (context: PageContext) => ListPageVariant<T, E>;
}

export interface ListPageVariant<T, E = undefined> {
  columns?: readonly ListColumn<T, E>[];
  emptyTitle?: string;
}

const NO_VARIANT = () => ({});

/** A TanStack Query result as list rows. */
export function listRows<T, E = undefined>(
  query: ListQuery & { data: readonly T[] | undefined },
): ListRows<T, E> {
  return { rows: query.data, query };
}

function CreateButton({ create, context }: { create: CreateAction; context: PageContext }) {
  const to = create.to(context);
  if (create.action) {
    return (
      <CreateLink project={context.project} action={create.action} to={to}>
        {create.label}
      </CreateLink>
    );
  }
  return (
    <GatedLink className="p-button--positive" to={to} reason={create.reason?.(context)}>
      {create.label}
    </GatedLink>
  );
}

/** A declared "Create …" is also an action of the command palette, with the same reason. */
function useCreateInPalette(create: CreateAction | undefined, context: PageContext) {
  const navigate = useNavigate();
  const reason = create?.action
    ? context.permissions.inProject(context.project, create.action)
    : create?.reason?.(context);
  usePaletteActions(
    create
      ? [
          {
            id: 'create',
            label: create.label,
            reason,
            run: () => void navigate(create.to(context)),
          },
        ]
      : [],
  );
}

function ListPageView<T, E>({ declaration }: { declaration: ListPageDeclaration<T, E> }) {
  const context = usePageContext();
  const { rows, query, table, filters: ownFilters } = declaration.useRows(context);
  const variant: ListPageVariant<T, E> = (declaration.useVariant ?? NO_VARIANT)(context);
  const { columns: columnsOf, filters: filtersOf, selectDisabledReason: disabledOf } = declaration;
  const declared = useMemo(() => columnsOf(context), [columnsOf, context]);
  const columns = variant.columns ?? declared;
  const filters = useMemo(
    () =>
      ownFilters || filtersOf
        ? [...(ownFilters ?? []), ...(filtersOf?.(context, rows ?? []) ?? [])]
        : undefined,
    [ownFilters, filtersOf, context, rows],
  );
  const selectDisabledReason = useMemo(() => disabledOf?.(context), [disabledOf, context]);
  const rowActionsOf = declaration.rowActions;
  const rowActions = useMemo(() => rowActionsOf?.(context), [rowActionsOf, context]);
  const view = useListView<T, E>({
    id: declaration.id,
    rows,
    columns,
    rowKey: declaration.rowKey,
    ...(declaration.defaultSort ? { defaultSort: declaration.defaultSort } : {}),
    ...(declaration.search ? { search: declaration.search } : {}),
    ...(filters ? { filters } : {}),
    ...(selectDisabledReason ? { selectDisabledReason } : {}),
  });
  const { create, bulkActions } = declaration;
  const createButton =
    typeof create === 'function'
      ? create(context)
      : create && <CreateButton create={create} context={context} />;
  useCreateInPalette(typeof create === 'function' ? undefined : create, context);
  const empty =
    typeof declaration.empty === 'function' ? declaration.empty(context) : declaration.empty;
  const heading = `${declaration.id}-heading`;

  return (
    <section className={`list-page ${declaration.className ?? ''}`} aria-labelledby={heading}>
      <PageHeader title={<span id={heading}>{declaration.title}</span>}>
        {declaration.actions?.(context)}
        {createButton}
      </PageHeader>
      {declaration.notice?.(context)}
      <ResourceList<T, E>
        {...declaration.table}
        {...table}
        view={view}
        label={declaration.tableLabel ?? declaration.title}
        noun={declaration.noun}
        query={query}
        rowLabel={declaration.rowLabel ?? declaration.rowKey}
        {...(rowActions ? { rowActions } : {})}
        {...(bulkActions
          ? {
              bulkActions: (selected: T[], clear: () => void) =>
                bulkActions(selected, clear, context),
            }
          : {})}
        empty={{
          ...(variant.emptyTitle || declaration.emptyTitle
            ? { title: variant.emptyTitle ?? declaration.emptyTitle }
            : {}),
          body: typeof empty === 'string' ? <p>{empty}</p> : empty,
          action: createButton,
        }}
      />
      {declaration.footer?.(context)}
    </section>
  );
}

/** The page of a server that lacks what the list needs: its heading and why. */
function UnavailableList({
  declaration,
  note,
}: {
  declaration: Pick<ListPageDeclaration<unknown>, 'id' | 'title' | 'className'>;
  note: string;
}) {
  const heading = `${declaration.id}-heading`;
  return (
    <section className={`list-page ${declaration.className ?? ''}`} aria-labelledby={heading}>
      <PageHeader title={<span id={heading}>{declaration.title}</span>} />
      <p className="page-note" role="note">
        {note}
      </p>
    </section>
  );
}

/** The page component of a declaration (a route's Component). */
export function listPage<T, E = undefined>(declaration: ListPageDeclaration<T, E>) {
  function ListPage() {
    const context = usePageContext();
    const note = declaration.unavailable?.(context);
    if (note !== undefined) {
      return <UnavailableList declaration={declaration} note={note} />;
    }
    return <ListPageView declaration={declaration} />;
  }
  return ListPage;
}
