import { useNotify } from '../../../shared/notifications';
import { Modal } from '../../../shared/ui/Modal';
import type { ProjectOperation } from '../../../lxd/types/operation';
import { useCancelOperation } from '../queries';

interface CancelOperationModalProps {
  operation: ProjectOperation;
  /** Must be stable (the modal restores focus when it changes). */
  onClose: () => void;
}

/** Asks before DELETE /1.0/operations/{id}; the outcome is a notification. */
export function CancelOperationModal({ operation, onClose }: CancelOperationModalProps) {
  const cancel = useCancelOperation();
  const notify = useNotify();
  const description = operation.description || operation.id;

  const confirm = () => {
    cancel.mutateAsync(operation).then(
      () => {
        notify.success('Operation cancelled', description);
        onClose();
      },
      (error: unknown) => {
        notify.failure('Operation cancellation failed', error);
        onClose();
      },
    );
  };

  return (
    <Modal
      title="Cancel operation"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={onClose}>
            Keep running
          </button>
          <button
            type="button"
            className="p-button--negative"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={confirm}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel operation'}
          </button>
        </>
      }
    >
      <p>
        This cancels the operation <strong>{description}</strong> in project{' '}
        <strong>{operation.project}</strong>. It cannot be resumed.
      </p>
    </Modal>
  );
}
