import { useState } from 'react';
import { deleteStoragePool, PoolFanOutError } from '../../../../lxd/endpoints/storage-pools';
import { ErrorNotice } from '../../../../shared/ui/States';

/**
 * A failed creation. In a cluster the fan-out may have stopped after some members got their
 * definition: the pool then exists as "Pending" until it is deleted, and this says so and
 * offers to delete it.
 */
export function CreateFailedNotice({
  name,
  error,
  onDeleted,
}: {
  name: string;
  error: unknown;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  if (!(error instanceof PoolFanOutError)) {
    return <ErrorNotice title="Could not create the storage pool" error={error} />;
  }
  if (!error.pending) {
    return (
      <div className="p-notification--negative" role="alert">
        <div className="p-notification__content">
          <h2 className="p-notification__title">Could not create the storage pool</h2>
          <p className="p-notification__message">{error.message}</p>
          <p className="p-notification__message">
            No member kept a definition: nothing was created.
          </p>
        </div>
      </div>
    );
  }
  const where = error.done.join(', ');
  const remove = async () => {
    setBusy(true);
    setDeleteError(undefined);
    try {
      await deleteStoragePool(name);
      onDeleted();
    } catch (e) {
      setDeleteError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="p-notification--negative" role="alert">
      <div className="p-notification__content">
        <h2 className="p-notification__title">Could not create the storage pool</h2>
        <p className="p-notification__message">{error.message}</p>
        <p className="p-notification__message">
          Storage pool <strong>{name}</strong> was left half-created: it is defined on{' '}
          {error.done.length === 1 ? 'member' : 'members'} {where} but{' '}
          {error.shared ? 'its creation failed (status Errored)' : 'not created (status Pending)'}.
          Delete it before you try again.
        </p>
        {deleteError && <p className="p-notification__message">{deleteError}</p>}
        <button
          type="button"
          className="p-button--negative is-dense"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void remove()}
        >
          {busy ? 'Deleting…' : error.shared ? 'Delete the failed pool' : 'Delete the pending pool'}
        </button>
      </div>
    </div>
  );
}

/** A clustered update that stopped part way: which members already took their part. */
export function UpdateFailedNotice({ error }: { error: Error }) {
  const partial = error instanceof PoolFanOutError && error.done.length > 0;
  return (
    <div className="p-notification--negative" role="alert">
      <div className="p-notification__content">
        <h2 className="p-notification__title">Could not save the storage pool</h2>
        <p className="p-notification__message">{error.message}</p>
        {partial && (
          <p className="p-notification__message">
            The member-specific settings of {error.done.join(', ')} were saved; the rest was not.
            Your changes are still in the form.
          </p>
        )}
      </div>
    </div>
  );
}
