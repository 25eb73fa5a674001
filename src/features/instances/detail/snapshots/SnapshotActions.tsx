import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';

export type SnapshotDialog =
  | { kind: 'create' }
  | { kind: 'rename'; snapshot: string }
  | { kind: 'instance'; snapshot: LxdInstanceSnapshot }
  | { kind: 'image'; snapshot: string };

/** A snapshot row's buttons: restore, rename, new instance, new image, delete. */
export function SnapshotActions({
  instance,
  snapshot,
  restoreState,
  onRestoreStateChange,
  onRestore,
  onDelete,
  onDialog,
}: {
  /** The instance's name. */
  instance: string;
  snapshot: LxdInstanceSnapshot;
  /** Whether a stateful snapshot's restore brings back the running state too. */
  restoreState: boolean;
  onRestoreStateChange: (value: boolean) => void;
  onRestore: (snapshot: LxdInstanceSnapshot) => Promise<void>;
  onDelete: (snapshot: LxdInstanceSnapshot) => Promise<void>;
  onDialog: (dialog: SnapshotDialog) => void;
}) {
  return (
    <div className="snapshots-tab__actions">
      <ConfirmButton
        className="p-button is-dense"
        label={
          <>
            Restore<span className="u-off-screen"> {snapshot.name}</span>
          </>
        }
        title={`Restore ${snapshot.name}`}
        message={`${instance} will be put back to snapshot ${snapshot.name}. Changes since then are lost.`}
        confirmLabel="Restore"
        onConfirm={() => onRestore(snapshot)}
        extra={
          snapshot.stateful ? (
            <label className="p-checkbox">
              <input
                type="checkbox"
                className="p-checkbox__input"
                checked={restoreState}
                onChange={(event) => {
                  onRestoreStateChange(event.target.checked);
                }}
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
        onClick={() => {
          onDialog({ kind: 'rename', snapshot: snapshot.name });
        }}
      >
        Rename
      </button>
      <button
        type="button"
        className="p-button is-dense"
        aria-label={`Create instance from ${snapshot.name}`}
        onClick={() => {
          onDialog({ kind: 'instance', snapshot });
        }}
      >
        Create instance
      </button>
      <button
        type="button"
        className="p-button is-dense"
        aria-label={`Create image from ${snapshot.name}`}
        onClick={() => {
          onDialog({ kind: 'image', snapshot: snapshot.name });
        }}
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
        message={`Snapshot ${snapshot.name} of ${instance} will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => onDelete(snapshot)}
      />
    </div>
  );
}
