import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';

export type SnapshotDialog =
  | { kind: 'create' }
  | { kind: 'rename'; snapshot: string }
  | { kind: 'expiry'; snapshot: LxdInstanceSnapshot }
  | { kind: 'instance'; snapshot: LxdInstanceSnapshot }
  | { kind: 'image'; snapshot: string };

/** Why each of a snapshot's actions may not be used (no permission), if so. */
export interface SnapshotReasons {
  restore: string | undefined;
  /** Rename, expiry and delete. */
  manage: string | undefined;
  createInstance: string | undefined;
  createImage: string | undefined;
}

/** A snapshot row's buttons: restore, rename, expiry, new instance, new image, delete. */
export function SnapshotActions({
  instance,
  snapshot,
  restoreState,
  onRestoreStateChange,
  onRestore,
  onDelete,
  onDialog,
  reasons,
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
  reasons: SnapshotReasons;
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
        reason={reasons.restore}
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
      <GatedButton
        className="p-button is-dense"
        aria-label={`Rename ${snapshot.name}`}
        reason={reasons.manage}
        onClick={() => {
          onDialog({ kind: 'rename', snapshot: snapshot.name });
        }}
      >
        Rename
      </GatedButton>
      <GatedButton
        className="p-button is-dense"
        aria-label={`Edit expiry of ${snapshot.name}`}
        reason={reasons.manage}
        onClick={() => {
          onDialog({ kind: 'expiry', snapshot });
        }}
      >
        Edit expiry
      </GatedButton>
      <GatedButton
        className="p-button is-dense"
        aria-label={`Create instance from ${snapshot.name}`}
        reason={reasons.createInstance}
        onClick={() => {
          onDialog({ kind: 'instance', snapshot });
        }}
      >
        Create instance
      </GatedButton>
      <GatedButton
        className="p-button is-dense"
        aria-label={`Create image from ${snapshot.name}`}
        reason={reasons.createImage}
        onClick={() => {
          onDialog({ kind: 'image', snapshot: snapshot.name });
        }}
      >
        Create image
      </GatedButton>
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
        reason={reasons.manage}
        onConfirm={() => onDelete(snapshot)}
      />
    </div>
  );
}
