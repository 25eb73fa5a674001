import { useMemo, useState } from 'react';
import { useAuth } from '../../../shared/auth/context';
import { canOnServer, type WithEntitlements } from '../../../shared/permissions/entitlements';
import { useServer } from '../../../shared/query/server';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { AddUserKeyForm } from '../components/AddUserKeyForm';
import { SettingsTable } from '../components/SettingsTable';
import { filterRows, groupRows } from '../options';
import { useSettingRows } from '../useSettingRows';
import '../settings.scss';

export const EDIT_DISABLED_REASON = 'You do not have permission to edit server settings';

/** /ui/settings: every server option by category, searchable and editable in place. */
export function SettingsPage() {
  const auth = useAuth();
  const { data } = useServer();
  const server = data ?? auth.server;
  const ownName = server.environment?.server_name;
  const [chosenMember, setMember] = useState<string>();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const clusteredNow = server.environment?.server_clustered === true;
  const member = clusteredNow ? (chosenMember ?? ownName) : undefined;
  const settings = useSettingRows(server, member);
  const canEdit = canOnServer(auth.isFineGrained, 'editServerConfig', server as WithEntitlements);
  const groups = useMemo(
    () => groupRows(filterRows(settings.rows, search)),
    [settings.rows, search],
  );
  const shown = groups.reduce((count, group) => count + group.rows.length, 0);
  const existingKeys = useMemo(() => settings.rows.map((row) => row.key), [settings.rows]);

  const header = (
    <PageHeader title="Settings">
      {!settings.configHidden && (
        <button
          type="button"
          className="p-button"
          disabled={!canEdit || adding}
          title={canEdit ? undefined : EDIT_DISABLED_REASON}
          onClick={() => setAdding(true)}
        >
          Add user key
        </button>
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

  return (
    <section className="page settings-page">
      {header}
      {!canEdit && (
        <div className="p-notification--caution">
          <div className="p-notification__content">
            <p className="p-notification__message">{EDIT_DISABLED_REASON}.</p>
          </div>
        </div>
      )}
      {settings.metadata.error && (
        <ErrorNotice
          title="Could not load the option descriptions; showing the options the console knows"
          error={settings.metadata.error}
          onRetry={() => void settings.metadata.refetch()}
        />
      )}
      {adding && (
        <AddUserKeyForm
          existingKeys={existingKeys}
          onDone={(key) => {
            setAdding(false);
            if (key) setSearch('');
          }}
        />
      )}
      <div className="settings-toolbar">
        <div className="settings-toolbar__search">
          <input
            type="search"
            className="p-search-box__input"
            aria-label="Search settings"
            placeholder="Search settings"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {settings.clustered && (
          <div className="settings-toolbar__member">
            <label htmlFor="settings-member">Member values</label>
            <select
              id="settings-member"
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
        )}
        <p className="settings-toolbar__count" role="status">
          {shown === 1 ? '1 setting' : `${shown} settings`}
        </p>
      </div>
      {settings.memberConfig.error && (
        <ErrorNotice
          title={`Could not load the values of member ${member ?? ''}`}
          error={settings.memberConfig.error}
          onRetry={() => void settings.memberConfig.refetch()}
        />
      )}
      {settings.hasMetadata && settings.metadata.isPending ? (
        <Loader text="Loading settings…" />
      ) : shown === 0 ? (
        <EmptyState title="No settings found">
          <p>No setting matches “{search}”.</p>
        </EmptyState>
      ) : (
        <SettingsTable
          groups={groups}
          context={{
            canEdit,
            disabledReason: canEdit ? undefined : EDIT_DISABLED_REASON,
            member,
            docLinks: settings.docLinks,
          }}
        />
      )}
    </section>
  );
}
