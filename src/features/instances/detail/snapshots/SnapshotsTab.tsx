import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
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
import { INSTANCE_NAME_EXISTS, instanceNameError } from '../../../../shared/config-form';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { paths } from '../../../../shared/routing/paths';
import { NameDialog } from '../../../../shared/forms';
import { SnapshotsTable, type SnapshotCalls } from '../../../../shared/ui/snapshots';
import { PublishImageModal } from '../../../images';
import { INSTANCE_KINDS, type SnapshotDeleteParams } from '../../actions';
import { useInstanceNameLookup } from '../../create';
import { instanceKeys } from '../../keys';
import { detailKeys, snapshotsQuery } from '../queries';

/** The six buttons wrap onto two lines in this width (rem); rows grow to fit them. */
const SNAPSHOT_ACTIONS_WIDTH = 27;

type Dialog =
  { kind: 'instance'; snapshot: LxdInstanceSnapshot } | { kind: 'image'; snapshot: string };

/**
 * Snapshots: create (expiry, stateful), restore, rename, change the expiry, delete (one or the
 * selected ones), new instance or image from one.
 */
export default function SnapshotsTab({ instance }: { instance: LxdInstance }) {
  const { project, name } = instance;
  const snapshots = useQuery(snapshotsQuery(project, name));
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const instanceNameLookup = useInstanceNameLookup(project);
  const permissions = usePermissions();
  const createInstanceReason = permissions.inProject(project, 'createInstances');
  const createImageReason = permissions.inProject(project, 'createImages');
  const close = () => setDialog(undefined);

  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: detailKeys.instance(project, name) });
    void client.invalidateQueries({ queryKey: instanceKeys.snapshotCount(project, name) });
  }, [client, project, name]);
  const calls = useMemo<SnapshotCalls<LxdInstanceSnapshot>>(
    () => ({
      create: ({ name: snapshot, expiresAt, stateful }) =>
        createSnapshot(project, name, {
          name: snapshot,
          ...(stateful ? { stateful: true } : {}),
          ...(expiresAt ? { expires_at: expiresAt } : {}),
        }),
      restore: (snapshot, withState) => restoreSnapshot(project, name, snapshot.name, withState),
      rename: (from, to) => renameSnapshot(project, name, from, to),
      remove: (snapshot) => deleteSnapshot(project, name, snapshot.name),
      removeMany: {
        kind: INSTANCE_KINDS.snapshotDelete,
        params: (snapshot): SnapshotDeleteParams => ({ project, name, snapshot: snapshot.name }),
      },
      updateExpiry: (snapshot, expiresAt) =>
        updateSnapshotExpiry(project, name, snapshot.name, expiresAt),
    }),
    [project, name],
  );

  const moreActions = useCallback(
    (snapshot: LxdInstanceSnapshot) => (
      <>
        <GatedButton
          className="p-button is-dense"
          aria-label={`Create instance from ${snapshot.name}`}
          reason={createInstanceReason}
          onClick={() => {
            setDialog({ kind: 'instance', snapshot });
          }}
        >
          Create instance
        </GatedButton>
        <GatedButton
          className="p-button is-dense"
          aria-label={`Create image from ${snapshot.name}`}
          reason={createImageReason}
          onClick={() => {
            setDialog({ kind: 'image', snapshot: snapshot.name });
          }}
        >
          Create image
        </GatedButton>
      </>
    ),
    [createInstanceReason, createImageReason],
  );

  return (
    <>
      <SnapshotsTable<LxdInstanceSnapshot>
        kind="instance"
        subject={name}
        listId="instance-snapshots"
        query={snapshots}
        calls={calls}
        refresh={refresh}
        stateful={{ running: instance.status === 'Running' }}
        reasons={{
          manage: permissions.on('instance', 'manageSnapshots', instance),
          restore: permissions.on('instance', 'restoreSnapshot', instance),
        }}
        moreActions={moreActions}
        actionsWidth={{ wide: SNAPSHOT_ACTIONS_WIDTH, narrow: SNAPSHOT_ACTIONS_WIDTH }}
      />
      {dialog?.kind === 'instance' && (
        <NameDialog
          title={`Create an instance from ${dialog.snapshot.name}`}
          label="Instance name"
          submitLabel="Create instance"
          onClose={close}
          validate={instanceNameError}
          nameCheck={{ lookup: instanceNameLookup, message: INSTANCE_NAME_EXISTS }}
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
    </>
  );
}
