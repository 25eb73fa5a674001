export { DataTable, type DataTableProps } from './DataTable';
export {
  ResourceList,
  LIST_ROW_HEIGHT,
  type ListQuery,
  type ResourceListProps,
} from './ResourceList';
export {
  useListView,
  type ListFilter,
  type ListGrouping,
  type ListSearch,
  type ListView,
} from './useListView';
export { groupRows, groupHeading, NO_GROUP, type GroupsOf, type GroupedRows } from './grouping';
export { type ViewOwner, type SavedView } from './views';
export { useLocalSort, useSettled, useMediaQuery } from './useListState';
export { sortRows } from './sort';
export { SortedTable, textColumn } from './columns';
export { countOf, type ListColumn, type Noun, type SortState } from './types';
