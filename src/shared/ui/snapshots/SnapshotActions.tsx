import type { ReactNode } from 'react';
import { ConfirmButton } from '../ConfirmButton';
import { GatedButton } from '../Gated';
import type { SnapshotRow } from './columns';

/** Why each of a snapshot's actions may not be used (no permission), if so. */
export interface SnapshotReasons {
  restore: string | undefined;
  /** Create, rename, expiry and delete. */
  manage: string | undefined;
}

/**
 * A snapshot row's buttons: restore (for a stateful snapshot, with its running state if asked),
 * rename, expiry (where it can be changed), the owner's own actions, delete.
 */
export function SnapshotActions<S extends SnapshotRow>({
  snapshot,
  restoreMessage,
  deleteMessage,
  restoreState,
  onRestoreStateChange,
  onRestore,
  onRename,
  onExpiry,
  onDelete,
  more,
  reasons,
}: {
  snapshot: S;
  restoreMessage: string;
  deleteMessage: string;
  /** Whether a stateful snapshot's restore brings back the running state too. */
  restoreState: boolean;
  onRestoreStateChange: (value: boolean) => void;
  onRestore: (snapshot: S) => Promise<void>;
  onRename: (snapshot: S) => void;
  onExpiry: ((snapshot: S) => void) | undefined;
  onDelete: (snapshot: S) => Promise<void>;
  /** Before Delete. */
  more: ReactNode;
  reasons: SnapshotReasons;
}) {
  return (
    <div className="snapshots-table__actions">
      <ConfirmButton
        className="p-button is-dense"
        label={
          <>
            Restore<span className="u-off-screen"> {snapshot.name}</span>
          </>
        }
        title={`Restore ${snapshot.name}`}
        message={restoreMessage}
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
          onRename(snapshot);
        }}
      >
        Rename
      </GatedButton>
      {onExpiry && (
        <GatedButton
          className="p-button is-dense"
          aria-label={`Edit expiry of ${snapshot.name}`}
          reason={reasons.manage}
          onClick={() => {
            onExpiry(snapshot);
          }}
        >
          Edit expiry
        </GatedButton>
      )}
      {more}
      <ConfirmButton
        danger
        className="p-button--negative is-dense"
        label={
          <>
            Delete<span className="u-off-screen"> {snapshot.name}</span>
          </>
        }
        title={`Delete ${snapshot.name}`}
        message={deleteMessage}
        confirmLabel="Delete"
        reason={reasons.manage}
        onConfirm={() => onDelete(snapshot)}
      />
    </div>
  );
}
