import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  createSnapshot,
  deleteSnapshot,
  instanceFromSnapshot,
  renameSnapshot,
  restoreSnapshot,
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
import { newNameChecker } from '../../create/queries';
import { instanceKeys } from '../../queries';
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
import { snapshotNameError } from '../../../../shared/validation';
import './snapshots.scss';

/** The five buttons wrap onto two lines in this width (rem); rows grow to fit them. */
const SNAPSHOT_ACTIONS_WIDTH = 24.5;

/** Snapshots: create (expiry, stateful), restore, rename, delete, new instance from one. */
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
