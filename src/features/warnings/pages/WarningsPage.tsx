import type { LxdWarning } from '../../../lxd/types/warning';
import { listPage } from '../../../shared/pages';
import { BulkWarningActions } from '../components/BulkWarningActions';
import {
  DEFAULT_SORT,
  WARNING_COLUMNS,
  WARNING_LIST_ID,
  WARNING_SEARCH,
  WarningActions,
  changeReason,
} from '../components/warningColumns';
import { WarningFilters, WarningsEmpty } from '../components/WarningFilters';
import { useWarningRows } from '../queries';
import '../warnings.scss';

/** /ui/warnings: the server's warnings, new ones by default (spec §2). */
export const WarningsPage = listPage<LxdWarning>({
  id: WARNING_LIST_ID,
  title: 'Warnings',
  noun: { one: 'warning', other: 'warnings' },
  className: 'warnings-page',
  useRows: useWarningRows,
  columns: () => WARNING_COLUMNS,
  rowKey: (warning) => warning.uuid,
  rowLabel: (warning) => warning.type,
  defaultSort: DEFAULT_SORT,
  search: WARNING_SEARCH,
  actions: () => <WarningFilters />,
  emptyTitle: 'No warnings',
  empty: <WarningsEmpty />,
  selectDisabledReason: (context) => () => changeReason(context),
  bulkActions: (selected, clear, context) => (
    <BulkWarningActions selected={selected} reason={changeReason(context)} onDone={clear} />
  ),
  rowActions: (context) => (warning) => (
    <WarningActions warning={warning} reason={changeReason(context)} />
  ),
  table: { actionsWidth: 11, rowHeight: null },
});
