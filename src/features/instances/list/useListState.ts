/** The list's view state: search and sort in the URL, hidden columns in localStorage. */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  formatSort,
  parseSort,
  readHiddenColumns,
  toggleColumn,
  writeHiddenColumns,
  type ColumnId,
  type SortState,
} from './columns';

/** Typing is written to the URL once it pauses (the rows follow every keystroke). */
export const SEARCH_URL_DELAY_MS = 250;

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export function useUrlSearch(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('search') ?? '';
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
          if (value) next.set('search', value);
          else next.delete('search');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_URL_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [value, inUrl, setParams]);
  return [value, setValue];
}

export function useUrlSort(): [SortState, (column: ColumnId) => void] {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const toggle = useCallback(
    (column: ColumnId) => {
      setParams(
        (previous) => {
          const current = parseSort(previous.get('sort'));
          const direction =
            current.column === column && current.direction === 'ascending'
              ? 'descending'
              : 'ascending';
          const next = new URLSearchParams(previous);
          if (column === 'name' && direction === 'ascending') next.delete('sort');
          else next.set('sort', formatSort({ column, direction }));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [sort, toggle];
}

export function useHiddenColumns(): [ReadonlySet<ColumnId>, (id: ColumnId) => void] {
  const [hidden, setHidden] = useState(() => readHiddenColumns(storage()));
  const toggle = useCallback((id: ColumnId) => {
    setHidden((current) => {
      const next = toggleColumn(current, id);
      writeHiddenColumns(storage(), next);
      return next;
    });
  }, []);
  return [hidden, toggle];
}
