import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteSnapshot,
  instanceFromSnapshot,
  renameSnapshot,
  restoreSnapshot,
} from '../../../../lxd/endpoints/instance-snapshots';
import type { LxdInstance } from '../../../../lxd/types/instance';
import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { validateInstanceName } from '../../../../shared/config-form';
import { formatDate } from '../../../../shared/format/dates';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { PublishImageModal } from '../../../images';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { Loader } from '../../../../shared/ui/Loader';
import { EmptyState, ErrorNotice } from '../../../../shared/ui/States';
import { newNameChecker } from '../../create/queries';
import { instanceKeys } from '../../queries';
import { formatOrNever } from '../components/dates';
import { NameDialog } from '../components/NameDialog';
import { detailKeys, snapshotsQuery } from '../queries';
import { CreateSnapshotModal } from './CreateSnapshotModal';
import { snapshotNameError } from './snapshot-rules';
import './snapshots.scss';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; snapshot: string }
  | { kind: 'instance'; snapshot: LxdInstanceSnapshot }
  | { kind: 'image'; snapshot: string };

/** Snapshots: create (expiry, stateful), restore, rename, delete, new instance from one. */
export default function SnapshotsTab({ instance }: { instance: LxdInstance }) {
  const { project, name } = instance;
  const snapshots = useQuery(snapshotsQuery(project, name));
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const [checker] = useState(newNameChecker);
  const [restoreState, setRestoreState] = useState(false);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: detailKeys.instance(project, name) });
    void client.invalidateQueries({ queryKey: instanceKeys.snapshotCount(project, name) });
  };
  const names = (snapshots.data ?? []).map((snapshot) => snapshot.name);
  const close = () => setDialog(undefined);

  const restore = async (snapshot: LxdInstanceSnapshot) => {
    await restoreSnapshot(project, name, snapshot.name, snapshot.stateful && restoreState);
    refresh();
    notify.success(`Snapshot ${snapshot.name} restored`, `${name} is back at ${snapshot.name}.`);
  };
  const remove = async (snapshot: LxdInstanceSnapshot) => {
    await deleteSnapshot(project, name, snapshot.name);
    refresh();
    notify.success(`Snapshot ${snapshot.name} deleted`);
  };

  if (snapshots.isPending) return <Loader text="Loading snapshots…" />;
  if (snapshots.isError) {
    return (
      <ErrorNotice
        title="Could not load snapshots"
        error={snapshots.error}
        onRetry={() => void snapshots.refetch()}
      />
    );
  }

  return (
    <div className="snapshots-tab">
      <div className="snapshots-tab__toolbar">
        <button
          type="button"
          className="p-button--positive"
          onClick={() => setDialog({ kind: 'create' })}
        >
          Create snapshot
        </button>
      </div>
      {snapshots.data.length === 0 ? (
        <EmptyState title="No snapshots yet">
          <p>A snapshot keeps the instance as it is now, to restore it or copy it later.</p>
        </EmptyState>
      ) : (
        <table aria-label="Snapshots" className="snapshots-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Stateful</th>
              <th scope="col">
                <span className="u-off-screen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {snapshots.data.map((snapshot) => (
              <tr key={snapshot.name}>
                <th scope="row">{snapshot.name}</th>
                <td>{formatDate(snapshot.created_at)}</td>
                <td>{formatOrNever(snapshot.expires_at)}</td>
                <td>{snapshot.stateful ? 'Yes' : 'No'}</td>
                <td>
                  <div className="snapshots-tab__actions">
                    <ConfirmButton
                      className="p-button is-dense"
                      label={
                        <>
                          Restore<span className="u-off-screen"> {snapshot.name}</span>
                        </>
                      }
                      title={`Restore ${snapshot.name}`}
                      message={`${name} will be put back to snapshot ${snapshot.name}. Changes since then are lost.`}
                      confirmLabel="Restore"
                      onConfirm={() => restore(snapshot)}
                      extra={
                        snapshot.stateful ? (
                          <label className="p-checkbox">
                            <input
                              type="checkbox"
                              className="p-checkbox__input"
                              checked={restoreState}
                              onChange={(event) => setRestoreState(event.target.checked)}
                            />
                            <span className="p-checkbox__label">Restore the running state too</span>
                          </label>
                        ) : undefined
                      }
                    />
                    <button
                      type="button"
                      className="p-button is-dense"
                      aria-label={`Rename ${snapshot.name}`}
                      onClick={() => setDialog({ kind: 'rename', snapshot: snapshot.name })}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="p-button is-dense"
                      aria-label={`Create instance from ${snapshot.name}`}
                      onClick={() => setDialog({ kind: 'instance', snapshot })}
                    >
                      Create instance
                    </button>
                    <button
                      type="button"
                      className="p-button is-dense"
                      aria-label={`Create image from ${snapshot.name}`}
                      onClick={() => setDialog({ kind: 'image', snapshot: snapshot.name })}
                    >
                      Create image
                    </button>
                    <ConfirmButton
                      danger
                      className="p-button--negative is-dense"
                      label={
                        <>
                          Delete<span className="u-off-screen"> {snapshot.name}</span>
                        </>
                      }
                      title={`Delete ${snapshot.name}`}
                      message={`Snapshot ${snapshot.name} of ${name} will be deleted. This cannot be undone.`}
                      confirmLabel="Delete"
                      onConfirm={() => remove(snapshot)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog?.kind === 'create' && (
        <CreateSnapshotModal
          instance={instance}
          existing={names}
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
