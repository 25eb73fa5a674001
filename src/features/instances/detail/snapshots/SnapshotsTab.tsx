import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from '../../../../shared/routing/router';
import {
  createSnapshot,
  deleteSnapshot,
  instanceFromSnapshot,
  renameSnapshot,
  restoreSnapshot,
  updateSnapshotExpiry,
} from '../../../../lxd/endpoints/instance-snapshots';
import type { LxdInstance } from '../../../../lxd/types/instance';
import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { validateInstanceName } from '../../../../shared/config-form';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { paths } from '../../../../shared/routing/paths';
import { ResourceList, useListView } from '../../../../shared/ui/list';
import { PublishImageModal } from '../../../images';
import { newNameChecker } from '../../create';
import { instanceKeys } from '../../keys';
import { NameDialog } from '../../../../shared/ui/NameDialog';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import { detailKeys, snapshotsQuery } from '../queries';
import {
  SNAPSHOT_COLUMNS,
  SNAPSHOT_DEFAULT_SORT,
  SNAPSHOT_LIST_ID,
  SNAPSHOT_NOUN,
  SNAPSHOT_SEARCH,
  snapshotDescription,
  snapshotKey,
  snapshotLabel,
} from './columns';
import { CreateSnapshotModal } from '../../../../shared/ui/CreateSnapshotModal';
import { SnapshotActions, type SnapshotDialog } from './SnapshotActions';
import { ExpiryDialog } from './ExpiryDialog';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { snapshotNameError } from '../../../../shared/validation';
import './snapshots.scss';

/** The six buttons wrap onto two lines in this width (rem); rows grow to fit them. */
const SNAPSHOT_ACTIONS_WIDTH = 27;

const countSnapshots = (count: number) => `${String(count)} snapshot${count === 1 ? '' : 's'}`;

/**
 * Snapshots: create (expiry, stateful), restore, rename, change the expiry, delete (one or the
 * selected ones), new instance from one.
 */
export default function SnapshotsTab({ instance }: { instance: LxdInstance }) {
  const { project, name } = instance;
  const snapshots = useQuery(snapshotsQuery(project, name));
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<SnapshotDialog>();
  const [checker] = useState(newNameChecker);
  const [restoreState, setRestoreState] = useState(false);
  const permissions = usePermissions();
  const manageReason = permissions.on('instance', 'manageSnapshots', instance);
  const restoreReason = permissions.on('instance', 'restoreSnapshot', instance);
  const createInstanceReason = permissions.inProject(project, 'createInstances');
  const createImageReason = permissions.inProject(project, 'createImages');

  const refresh = () => {
    void client.invalidateQueries({ queryKey: detailKeys.instance(project, name) });
    void client.invalidateQueries({ queryKey: instanceKeys.snapshotCount(project, name) });
  };
  const names = (snapshots.data ?? []).map((snapshot) => snapshot.name);
  const close = () => setDialog(undefined);

  const restore = useStableCallback(async (snapshot: LxdInstanceSnapshot) => {
    await restoreSnapshot(project, name, snapshot.name, snapshot.stateful && restoreState);
    refresh();
    notify.success(`Snapshot ${snapshot.name} restored`, `${name} is back at ${snapshot.name}.`);
  });
  const remove = useStableCallback(async (snapshot: LxdInstanceSnapshot) => {
    await deleteSnapshot(project, name, snapshot.name);
    refresh();
    notify.success(`Snapshot ${snapshot.name} deleted`);
  });

  const removeMany = async (selected: LxdInstanceSnapshot[], clear: () => void) => {
    const results = await Promise.allSettled(
      selected.map((snapshot) => deleteSnapshot(project, name, snapshot.name)),
    );
    refresh();
    clear();
    const failures = selected.flatMap((snapshot, index) => {
      const result = results[index];
      if (result?.status !== 'rejected') return [];
      const reason: unknown = result.reason;
      return [`${snapshot.name}: ${reason instanceof Error ? reason.message : String(reason)}`];
    });
    const deleted = selected.length - failures.length;
    if (failures.length === 0) notify.success(`${countSnapshots(deleted)} deleted`);
    else {
      notify.failure(
        `${countSnapshots(deleted)} deleted, ${String(failures.length)} failed`,
        failures.join('\n'),
      );
    }
  };

  const view = useListView<LxdInstanceSnapshot>({
    id: SNAPSHOT_LIST_ID,
    rows: snapshots.data,
    columns: SNAPSHOT_COLUMNS,
    rowKey: snapshotKey,
    defaultSort: SNAPSHOT_DEFAULT_SORT,
    search: SNAPSHOT_SEARCH,
  });
  const rowActions = useCallback(
    (snapshot: LxdInstanceSnapshot) => (
      <SnapshotActions
        instance={name}
        snapshot={snapshot}
        restoreState={restoreState}
        onRestoreStateChange={setRestoreState}
        onRestore={restore}
        onDelete={remove}
        onDialog={setDialog}
        reasons={{
          restore: restoreReason,
          manage: manageReason,
          createInstance: createInstanceReason,
          createImage: createImageReason,
        }}
      />
    ),
    [
      name,
      restoreState,
      restore,
      remove,
      restoreReason,
      manageReason,
      createInstanceReason,
      createImageReason,
    ],
  );
  const createButton = (
    <GatedButton
      className="p-button--positive"
      reason={manageReason}
      onClick={() => {
        setDialog({ kind: 'create' });
      }}
    >
      Create snapshot
    </GatedButton>
  );

  return (
    <div className="snapshots-tab">
      <ResourceList<LxdInstanceSnapshot>
        view={view}
        label="Snapshots"
        noun={SNAPSHOT_NOUN}
        query={snapshots}
        empty={{
          title: 'No snapshots yet',
          body: <p>A snapshot keeps the instance as it is now, to restore it or copy it later.</p>,
          action: createButton,
        }}
        toolbar={createButton}
        rowActions={rowActions}
        actionsWidth={SNAPSHOT_ACTIONS_WIDTH}
        rowLabel={snapshotLabel}
        rowDescription={snapshotDescription}
        rowHeight={null}
        bulkActions={(selected, clear) => (
          <ConfirmButton
            danger
            className="p-button--negative is-dense"
            label="Delete"
            title={`Delete ${countSnapshots(selected.length)}`}
            message={
              <p>
                These snapshots of {name} will be deleted:{' '}
                <strong>{selected.map((snapshot) => snapshot.name).join(', ')}</strong>. This cannot
                be undone.
              </p>
            }
            confirmLabel="Delete"
            reason={manageReason}
            onConfirm={() => removeMany(selected, clear)}
          />
        )}
      />
      {dialog?.kind === 'create' && (
        <CreateSnapshotModal
          subject={instance.name}
          kind="instance"
          stateful={{ running: instance.status === 'Running' }}
          existing={names}
          create={({ name, expiresAt, stateful }) =>
            createSnapshot(instance.project, instance.name, {
              name,
              ...(stateful ? { stateful: true } : {}),
              ...(expiresAt ? { expires_at: expiresAt } : {}),
            })
          }
          onClose={close}
          onDone={(snapshot) => {
            refresh();
            notify.success(snapshot ? `Snapshot ${snapshot} created` : 'Snapshot created');
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.snapshot}`}
          label="New snapshot name"
          initial={dialog.snapshot}
          submitLabel="Rename"
          onClose={close}
          validate={(value) =>
            snapshotNameError(value, names, { required: true, current: dialog.snapshot })
          }
          onSubmit={async (value) => {
            if (value === dialog.snapshot) return;
            await renameSnapshot(project, name, dialog.snapshot, value);
            refresh();
            notify.success(`Snapshot ${dialog.snapshot} renamed to ${value}`);
          }}
        />
      )}
      {dialog?.kind === 'expiry' && (
        <ExpiryDialog
          snapshot={dialog.snapshot}
          onClose={close}
          onSubmit={async (expiresAt) => {
            await updateSnapshotExpiry(project, name, dialog.snapshot.name, expiresAt);
            refresh();
            notify.success(`Expiry of ${dialog.snapshot.name} saved`);
          }}
        />
      )}
      {dialog?.kind === 'instance' && (
        <NameDialog
          title={`Create an instance from ${dialog.snapshot.name}`}
          label="Instance name"
          submitLabel="Create instance"
          onClose={close}
          validate={(value) => validateInstanceName(checker, project, value)}
          onSubmit={async (value) => {
            await instanceFromSnapshot(project, name, dialog.snapshot, value);
            void client.invalidateQueries({ queryKey: instanceKeys.all });
            notify.success(`Instance ${value} created from ${dialog.snapshot.name}`, undefined, [
              { label: value, to: paths.instance(project, value) },
            ]);
            void navigate(paths.instance(project, value));
          }}
        />
      )}
      {dialog?.kind === 'image' && (
        <PublishImageModal
          project={project}
          instance={name}
          snapshot={dialog.snapshot}
          onClose={close}
        />
      )}
    </div>
  );
}
