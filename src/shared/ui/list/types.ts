/**
 * The column declaration every list in the console is made of. A feature declares its columns
 * once (a module-level array); the shared list owns sorting, selection, search, the columns menu,
 * states, windowing and the narrow-screen layout.
 */
import type { ReactNode } from 'react';

export interface ListColumn<T, E = undefined> {
  /** Stable id: the `?sort=` value and the key remembered by the columns menu. */
  id: string;
  /** Visible header text (also the columns menu entry). */
  header: string;
  /** Header text for screen readers only; the visible header is then empty (icon columns). */
  hiddenHeader?: boolean;
  /** The cell's content. `extra` is the list's per-row context (see DataTable `rowExtra`). */
  cell: (row: T, extra: E) => ReactNode;
  /** Makes the column sortable: the value rows are ordered by. */
  sortValue?: (row: T) => string | number;
  /** Width in rem; without one the column shares what is left. */
  width?: number;
  /** Hidden until the user shows it in the columns menu. */
  hiddenByDefault?: boolean;
  /** Cannot be hidden (the column that names the row). */
  alwaysShown?: boolean;
  /** The cell is the row's header (`<th scope="row">`): the column that names the row. */
  rowHeader?: boolean;
  /**
   * 1 (the default) keeps the column below 620 px; 2 or more hides it there, so a narrow list
   * shows what identifies a row and its state without scrolling sideways.
   */
  priority?: number;
  /** Extra class on the column's header and cells (alignment, no-wrap). */
  className?: string;
  align?: 'right';
}

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** How a list names its rows: "1 profile", "3 profiles". */
export interface Noun {
  one: string;
  other: string;
}

export const countOf = (count: number, noun: Noun) =>
  `${count} ${count === 1 ? noun.one : noun.other}`;
