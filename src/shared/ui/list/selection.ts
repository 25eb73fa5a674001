/** Selection rules (no React): a click toggles a row; a shift-click sets the range from the anchor. */

/**
 * The selection after a click on `key`. With `range` and an anchor that is still shown, every
 * row between the anchor and `key` (inclusive, in shown order) takes the clicked row's new state.
 */
export function toggleSelection(
  current: ReadonlySet<string>,
  shownKeys: readonly string[],
  key: string,
  options: { range: boolean; anchor: string | undefined; selectable?: (key: string) => boolean },
): Set<string> {
  const next = new Set(current);
  const select = !current.has(key);
  const from = options.range && options.anchor ? shownKeys.indexOf(options.anchor) : -1;
  const to = shownKeys.indexOf(key);
  if (from >= 0 && to >= 0) {
    for (const rowKey of shownKeys.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (options.selectable && !options.selectable(rowKey)) continue;
      if (select) next.add(rowKey);
      else next.delete(rowKey);
    }
  } else if (select) {
    next.add(key);
  } else {
    next.delete(key);
  }
  return next;
}
