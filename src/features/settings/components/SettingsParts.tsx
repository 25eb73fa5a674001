/**
 * The settings page's parts: its rows, the cluster member whose local values it shows (in the
 * address, `?member=`), the notes above the table, and "Add user key".
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { LxdServer } from '../../../lxd/types/server';
import { useAuth } from '../../../shared/auth/context';
import type { ListRows, ListTableHooks } from '../../../shared/pages';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { useServer } from '../../../shared/query/server';
import { useSearchParams } from '../../../shared/routing/router';
import { GatedButton } from '../../../shared/ui/Gated';
import { Modal } from '../../../shared/ui/Modal';
import { ErrorNotice } from '../../../shared/ui/States';
import { clusterMembersQuery } from '../../cluster';
import type { SettingRow } from '../options';
import { useSettingRows } from '../useSettingRows';
import { AddUserKeyForm } from './AddUserKeyForm';
import { orderedRows, type RowContext } from './settingsColumns';

const MEMBER_PARAM = 'member';

/** The settings as the server reports them now (the session's until they are read again). */
function useCurrentServer(): LxdServer {
  const auth = useAuth();
  const { data } = useServer();
  return data ?? auth.server;
}

/** The member whose local values are shown: the one in the address, else this server. */
function useMember(server: LxdServer): [string | undefined, (member: string) => void] {
  const [params, setParams] = useSearchParams();
  const clustered = server.environment?.server_clustered === true;
  const member = clustered
    ? (params.get(MEMBER_PARAM) ?? server.environment?.server_name)
    : undefined;
  const choose = (next: string) => {
    setParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        changed.set(MEMBER_PARAM, next);
        return changed;
      },
      { replace: true },
    );
  };
  return [member, choose];
}

function useSettings() {
  const server = useCurrentServer();
  const [member] = useMember(server);
  return { member, settings: useSettingRows(server, member) };
}

/**
 * Every option by category. Without the option descriptions the list still shows the options
 * the console knows; a server that hides its configuration has none.
 */
export function useSettingsListRows(): ListRows<SettingRow, RowContext> {
  const { settings } = useSettings();
  const { metadata, hasMetadata, configHidden } = settings;
  const rows = useMemo(
    () => (configHidden ? [] : orderedRows(settings.rows)),
    [configHidden, settings.rows],
  );
  return {
    rows,
    query: { isPending: hasMetadata && metadata.isPending, error: null, refetch: metadata.refetch },
    table: useSettingsTable(),
  };
}

function MemberSelect({ server }: { server: LxdServer }) {
  const [member, choose] = useMember(server);
  const members = useQuery(clusterMembersQuery);
  return (
    <label className="settings-member">
      <span>Member values</span>
      <select
        value={member ?? ''}
        onChange={(event) => {
          choose(event.target.value);
        }}
      >
        {(members.data ?? []).map((m) => (
          <option key={m.server_name} value={m.server_name}>
            {m.server_name}
          </option>
        ))}
        {!members.data && member && <option value={member}>{member}</option>}
      </select>
    </label>
  );
}

/** What each row's value cell needs, and the member choice of a cluster in the toolbar. */
function useSettingsTable(): ListTableHooks<SettingRow, RowContext> {
  const server = useCurrentServer();
  const { member, settings } = useSettings();
  // The server of the session carries the entitlements (spec §6), not the refreshed settings.
  const editReason = usePermissions().onServer('editSettings');
  const context = useMemo<RowContext>(
    () => ({
      canEdit: editReason === undefined,
      disabledReason: editReason,
      member,
      docLinks: settings.docLinks,
    }),
    [editReason, member, settings.docLinks],
  );
  const rowExtra = useCallback(() => context, [context]);
  return { rowExtra, toolbar: settings.clustered && <MemberSelect server={server} /> };
}

/** Why nothing can be changed, and what could not be loaded. */
export function SettingsNotices() {
  const { member, settings } = useSettings();
  const editReason = usePermissions().onServer('editSettings');
  if (settings.configHidden) return null;
  const { metadata, memberConfig } = settings;
  return (
    <>
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
      {memberConfig.error && (
        <ErrorNotice
          title={`Could not load the values of member ${member ?? ''}`}
          error={memberConfig.error}
          onRetry={() => void memberConfig.refetch()}
        />
      )}
    </>
  );
}

/** "Add user key": a new free-form `user.*` key in a dialog; the search is cleared to show it. */
export function AddUserKeyButton() {
  const { settings } = useSettings();
  const editReason = usePermissions().onServer('editSettings');
  const [, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  if (settings.configHidden) return null;
  return (
    <>
      <GatedButton
        className="p-button"
        disabled={adding}
        reason={editReason}
        onClick={() => {
          setAdding(true);
        }}
      >
        Add user key
      </GatedButton>
      {adding && (
        <Modal
          title="Add a user key"
          onClose={() => {
            setAdding(false);
          }}
        >
          <AddUserKeyForm
            existingKeys={settings.rows.map((row) => row.key)}
            onDone={(key) => {
              setAdding(false);
              if (key) {
                setParams(
                  (previous) => {
                    const changed = new URLSearchParams(previous);
                    changed.delete('search');
                    return changed;
                  },
                  { replace: true },
                );
              }
            }}
          />
        </Modal>
      )}
    </>
  );
}
