import { useCallback, useId, useMemo, useState } from 'react';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { useServer } from '../../../shared/query/server';
import { GatedButton } from '../../../shared/ui/Gated';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import { AddUserKeyForm } from '../components/AddUserKeyForm';
import {
  orderedRows,
  settingGroup,
  settingKey,
  SETTINGS_COLUMNS,
  SETTINGS_LIST_ID,
  type RowContext,
} from '../components/settingsColumns';
import { settingMatcher, type SettingRow } from '../options';
import { useSettingRows } from '../useSettingRows';
import '../settings.scss';

const NOUN = { one: 'setting', other: 'settings' };
const SEARCH: ListSearch<SettingRow> = {
  label: 'Search settings',
  placeholder: 'Search settings',
  compile: settingMatcher,
};

/** /ui/settings: every server option by category, searchable and editable in place. */
export function SettingsPage() {
  const auth = useAuth();
  const { data } = useServer();
  const server = data ?? auth.server;
  const ownName = server.environment?.server_name;
  const memberSelectId = useId();
  const [chosenMember, setMember] = useState<string>();
  const [adding, setAdding] = useState(false);
  const clusteredNow = server.environment?.server_clustered === true;
  const member = clusteredNow ? (chosenMember ?? ownName) : undefined;
  const settings = useSettingRows(server, member);
  // The server of the session carries the entitlements (spec §6), not the refreshed settings.
  const editReason = usePermissions().onServer('editSettings');
  const canEdit = editReason === undefined;
  const rows = useMemo(() => orderedRows(settings.rows), [settings.rows]);
  const existingKeys = useMemo(() => settings.rows.map((row) => row.key), [settings.rows]);
  const view = useListView<SettingRow, RowContext>({
    id: SETTINGS_LIST_ID,
    rows,
    columns: SETTINGS_COLUMNS,
    rowKey: settingKey,
    search: SEARCH,
  });
  const context = useMemo<RowContext>(
    () => ({
      canEdit,
      disabledReason: editReason,
      member,
      docLinks: settings.docLinks,
    }),
    [canEdit, editReason, member, settings.docLinks],
  );
  const rowExtra = useCallback(() => context, [context]);
  const { metadata, hasMetadata } = settings;
  // Without the descriptions the list still shows the options the console knows (see below).
  const query = {
    isPending: hasMetadata && metadata.isPending,
    error: null,
    refetch: metadata.refetch,
  };

  const header = (
    <PageHeader title="Settings">
      {!settings.configHidden && (
        <GatedButton
          className="p-button"
          disabled={adding}
          reason={editReason}
          onClick={() => setAdding(true)}
        >
          Add user key
        </GatedButton>
      )}
    </PageHeader>
  );

  if (settings.configHidden) {
    return (
      <section className="page settings-page">
        {header}
        <EmptyState title="Settings are not available">
          <p>The server does not show its configuration to your identity.</p>
        </EmptyState>
      </section>
    );
  }

  const memberSelect = settings.clustered && (
    <div className="settings-member">
      <label htmlFor={memberSelectId}>Member values</label>
      <select
        id={memberSelectId}
        value={member ?? ''}
        onChange={(event) => setMember(event.target.value)}
      >
        {(settings.members.data ?? []).map((m) => (
          <option key={m.server_name} value={m.server_name}>
            {m.server_name}
          </option>
        ))}
        {!settings.members.data && member && <option value={member}>{member}</option>}
      </select>
    </div>
  );

  return (
    <section className="page list-page settings-page">
      {header}
      {editReason && (
        <div className="p-notification--caution">
          <div className="p-notification__content">
            <p className="p-notification__message">{editReason}.</p>
          </div>
        </div>
      )}
      {metadata.error && (
        <ErrorNotice
          title="Could not load the option descriptions; showing the options the console knows"
          error={metadata.error}
          onRetry={() => void metadata.refetch()}
        />
      )}
      {adding && (
        <AddUserKeyForm
          existingKeys={existingKeys}
          onDone={(key) => {
            setAdding(false);
            if (key) view.clearSearch();
          }}
        />
      )}
      {settings.memberConfig.error && (
        <ErrorNotice
          title={`Could not load the values of member ${member ?? ''}`}
          error={settings.memberConfig.error}
          onRetry={() => void settings.memberConfig.refetch()}
        />
      )}
      <ResourceList<SettingRow, RowContext>
        view={view}
        label="Server settings"
        noun={NOUN}
        query={query}
        toolbar={memberSelect}
        rowExtra={rowExtra}
        rowGroup={settingGroup}
        rowHeight={null}
        className="settings-table"
      />
    </section>
  );
}
