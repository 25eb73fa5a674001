/**
 * A list's view state: search, filters and sort in the URL (so a link or reload shows the same
 * rows), hidden columns in localStorage, selection in memory.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from '../../routing/router';
import { readHiddenColumns, toggleHidden, writeHiddenColumns } from './columnPrefs';
import { toggleSelection } from './selection';
import { formatSort, nextSort, parseSort, sameSort } from './sort';
import type { ListColumn, SortState } from './types';

/** Typing is written to the URL once it pauses (the rows follow every keystroke). */
export const SEARCH_URL_DELAY_MS = 250;

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

type SetParams = (
  update: (previous: URLSearchParams) => URLSearchParams,
  options?: { replace?: boolean },
) => void;
export type ParamStore = readonly [URLSearchParams, SetParams];

/**
 * Where a list keeps its view state: the URL (a page's list), or the component (a list inside a
 * dialog or a form, whose page owns the URL).
 */
export function useParamStore(where: 'url' | 'local'): ParamStore {
  const [urlParams, setUrlParams] = useSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const setLocal = useCallback<SetParams>((update) => {
    setLocalParams((previous) => update(previous));
  }, []);
  return where === 'url' ? [urlParams, setUrlParams] : [localParams, setLocal];
}

/** The search box's text: follows every keystroke, reaches the URL once typing pauses. */
export function useUrlSearch(
  name = 'search',
  store?: ParamStore,
): [string, (value: string) => void] {
  const fromUrl = useSearchParams();
  const [params, setParams] = store ?? fromUrl;
  const inUrl = params.get(name) ?? '';
  const [value, setValue] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  const [written, setWritten] = useState<string | null>(null);
  // The URL changed from outside (back, forward, a link), not by our own write: follow it.
  if (inUrl !== seen) {
    setSeen(inUrl);
    if (inUrl !== written) setValue(inUrl);
  }
  useEffect(() => {
    if (value === inUrl) return;
    const timer = setTimeout(() => {
      setWritten(value);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    }, SEARCH_URL_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [value, inUrl, name, setParams]);
  return [value, setValue];
}

/** `?sort=`; the default order is not written to the URL. */
export function useUrlSort<T, E>(
  columns: readonly ListColumn<T, E>[],
  fallback: SortState | undefined,
  store?: ParamStore,
): [SortState | undefined, (column: string) => void] {
  const fromUrl = useSearchParams();
  const [params, setParams] = store ?? fromUrl;
  const sort = parseSort(params.get('sort'), columns, fallback);
  const latest = useRef({ columns, fallback });
  useEffect(() => {
    latest.current = { columns, fallback };
  }, [columns, fallback]);
  const toggle = useCallback(
    (column: string) => {
      setParams(
        (previous) => {
          const { columns: known, fallback: initial } = latest.current;
          const next = nextSort(parseSort(previous.get('sort'), known, initial), column);
          const updated = new URLSearchParams(previous);
          if (sameSort(next, initial)) updated.delete('sort');
          else updated.set('sort', formatSort(next));
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [sort, toggle];
}

/** Sort state kept in the component, for tables inside a page (devices, snapshots). */
export function useLocalSort(
  fallback: SortState | undefined,
): [SortState | undefined, (column: string) => void] {
  const [sort, setSort] = useState(fallback);
  const toggle = useCallback((column: string) => {
    setSort((current) => nextSort(current, column));
  }, []);
  return [sort, toggle];
}

export function useHiddenColumns<T, E>(
  listId: string | undefined,
  columns: readonly ListColumn<T, E>[],
): [ReadonlySet<string>, (column: ListColumn<T, E>) => void] {
  const [hidden, setHidden] = useState(() =>
    listId === undefined ? new Set<string>() : readHiddenColumns(storage(), listId, columns),
  );
  // The columns as of the last render: a list that builds its columns on every render does not
  // make a new toggle each time.
  const latestColumns = useRef(columns);
  useEffect(() => {
    latestColumns.current = columns;
  }, [columns]);
  const toggle = useCallback(
    (column: ListColumn<T, E>) => {
      setHidden((current) => {
        const next = toggleHidden(current, column);
        if (listId !== undefined) {
          writeHiddenColumns(storage(), listId, next, latestColumns.current);
        }
        return next;
      });
    },
    [listId],
  );
  return [hidden, toggle];
}

export interface Selection<T> {
  /** Keys of selected rows (including any a search hides). */
  selected: ReadonlySet<string>;
  /** The selected rows among those shown: what actions apply to. */
  selectedRows: T[];
  toggle: (row: T, range: boolean) => void;
  toggleAll: (select: boolean) => void;
  clear: () => void;
}

/** Row selection by key, with shift-click ranges over the rows as shown. */
export function useSelection<T>(
  shown: readonly T[],
  rowKey: (row: T) => string,
  canSelect?: (row: T) => boolean,
): Selection<T> {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | undefined>(undefined);
  const latest = useRef({ shown, rowKey, canSelect });
  useEffect(() => {
    latest.current = { shown, rowKey, canSelect };
  }, [shown, rowKey, canSelect]);

  const toggle = useCallback((row: T, range: boolean) => {
    const { shown: rows, rowKey: keyOf, canSelect: allowed } = latest.current;
    const key = keyOf(row);
    const selectable = allowed
      ? new Set(rows.filter((candidate) => allowed(candidate)).map(keyOf))
      : undefined;
    setSelected((current) =>
      toggleSelection(current, rows.map(keyOf), key, {
        range,
        anchor: anchor.current,
        selectable: selectable && ((candidate) => selectable.has(candidate)),
      }),
    );
    anchor.current = key;
  }, []);

  const toggleAll = useCallback((select: boolean) => {
    const { shown: rows, rowKey: keyOf, canSelect: allowed } = latest.current;
    setSelected(
      select ? new Set(rows.filter((row) => !allowed || allowed(row)).map(keyOf)) : new Set(),
    );
  }, []);

  const clear = useCallback(() => {
    setSelected(new Set());
  }, []);

  const selectedRows = useMemo(
    () => shown.filter((row) => selected.has(rowKey(row))),
    [shown, selected, rowKey],
  );
  return { selected, selectedRows, toggle, toggleAll, clear };
}

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a CSS media query matches (false where the browser has no matchMedia, as in jsdom). */
export function useMediaQuery(query: string): boolean {
  // One MediaQueryList per query: React reads the snapshot at every render.
  const list = useMemo(() => (canMatch() ? window.matchMedia(query) : undefined), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}

/** How long a value must stay put before `useSettled` passes it on. */
export const SETTLE_MS = 150;

/** `value`, once it has not changed for `ms` (a fast scroll asks for nothing on the way). */
export function useSettled<T>(value: T, ms = SETTLE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [value, ms]);
  return settled;
}
