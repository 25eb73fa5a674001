/** "Snapshot" of the instance lists: one snapshot of each selected instance, through the queue. */
import { useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { TextField } from '../../../shared/ui/TextField';
import { pluralInstances, type InstanceRef } from './bulk';
import { NameList } from './NameList';

/** LXD's rule for a snapshot name (empty: LXD names it snap0, snap1, …). */
export function snapshotNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  if (trimmed.includes('/')) return 'A snapshot name cannot contain "/"';
  if (trimmed.length > 63) return 'A snapshot name has at most 63 characters';
  return undefined;
}

export function BulkSnapshotModal({
  instances,
  onClose,
  onConfirm,
}: {
  instances: readonly InstanceRef[];
  onClose: () => void;
  onConfirm: (options: { name: string }) => void;
}) {
  const [name, setName] = useState('');
  const error = snapshotNameError(name);
  return (
    <Modal title={`Snapshot ${pluralInstances(instances.length)}`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (error === undefined) onConfirm({ name: name.trim() });
        }}
      >
        <NameList
          label="Instances to be snapshotted"
          items={instances.map((instance) => ({ name: instance.name }))}
        />
        <TextField
          label="Snapshot name"
          value={name}
          onChange={setName}
          error={error}
          help="Optional: without a name LXD names each snapshot (snap0, snap1, …). Snapshots are not stateful."
        />
        <footer className="p-modal__footer">
          <button type="button" className="p-button--base" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="p-button--positive" disabled={error !== undefined}>
            Snapshot {pluralInstances(instances.length)}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
