/** Row selection by `project/name`, with shift-click ranges over the rows as shown. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { activityKey } from '../actions/activity';
import type { InstanceListItem } from '../queries';

const keyOf = (item: InstanceListItem) => activityKey(item.project, item.name);

export function useSelection(shown: readonly InstanceListItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | undefined>(undefined);
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  }, [shown]);

  const toggle = useCallback((item: InstanceListItem, range: boolean) => {
    const key = keyOf(item);
    setSelected((current) => {
      const next = new Set(current);
      const rows = latest.current;
      const from =
        range && anchor.current ? rows.findIndex((r) => keyOf(r) === anchor.current) : -1;
      const to = rows.findIndex((r) => keyOf(r) === key);
      if (from >= 0 && to >= 0) {
        const select = !current.has(key);
        for (const row of rows.slice(Math.min(from, to), Math.max(from, to) + 1)) {
          if (select) next.add(keyOf(row));
          else next.delete(keyOf(row));
        }
      } else if (next.has(key)) {
        next.delete(key);
      } else {
        next.add(key);
      }
      return next;
    });
    anchor.current = key;
  }, []);

  const toggleAll = useCallback((select: boolean) => {
    setSelected(select ? new Set(latest.current.map(keyOf)) : new Set());
  }, []);

  const clear = useCallback(() => {
    setSelected(new Set());
  }, []);

  /** The selected rows among those shown (a search hides the others from actions too). */
  const selectedItems = useMemo(
    () => shown.filter((item) => selected.has(keyOf(item))),
    [shown, selected],
  );

  return { selected, selectedItems, toggle, toggleAll, clear };
}
