export { DataTable, type DataTableProps } from './DataTable';
export {
  ResourceList,
  LIST_ROW_HEIGHT,
  type ListQuery,
  type ResourceListProps,
} from './ResourceList';
export { useListView, type ListFilter, type ListSearch, type ListView } from './useListView';
export { useLocalSort, useSettled, useMediaQuery } from './useListState';
export { sortRows } from './sort';
export { SortedTable, textColumn } from './columns';
export { countOf, type ListColumn, type Noun, type SortState } from './types';
