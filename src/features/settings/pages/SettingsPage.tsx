import { listPage } from '../../../shared/pages';
import {
  AddUserKeyButton,
  SettingsNotices,
  useSettingsListRows,
} from '../components/SettingsParts';
import {
  settingGroup,
  settingKey,
  SETTINGS_COLUMNS,
  SETTINGS_LIST_ID,
  type RowContext,
} from '../components/settingsColumns';
import { settingMatcher, type SettingRow } from '../options';
import { ConsolePreferences } from '../components/ConsolePreferences';
import '../settings.scss';

/** /ui/settings: every server option by category, searchable and editable in place. */
export const SettingsPage = listPage<SettingRow, RowContext>({
  id: SETTINGS_LIST_ID,
  title: 'Settings',
  tableLabel: 'Server settings',
  noun: { one: 'setting', other: 'settings' },
  className: 'settings-page',
  useRows: useSettingsListRows,
  columns: () => SETTINGS_COLUMNS,
  rowKey: settingKey,
  search: { label: 'Search settings', placeholder: 'Search settings', compile: settingMatcher },
  actions: () => <AddUserKeyButton />,
  notice: () => (
    <>
      <ConsolePreferences />
      <SettingsNotices />
    </>
  ),
  emptyTitle: 'Settings are not available',
  empty: 'The server does not show its configuration to your identity.',
  table: { rowGroup: settingGroup, rowHeight: null, className: 'settings-table' },
});
