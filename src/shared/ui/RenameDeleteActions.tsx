import type { ReactNode } from 'react';
import { useNotify } from '../notifications';
import { ConfirmButton } from './ConfirmButton';
import { RenameButton } from '../forms';

/**
 * Rename and Delete of a named resource's page header (a profile, a project): each disabled
 * with its reason, the rename checked as typed, the delete confirmed; both notify on success.
 */
export function RenameDeleteActions({
  kind,
  name,
  renameReason,
  deleteReason,
  validate,
  rename,
  remove,
  onRenamed,
  onDeleted,
  deleteExtra,
  deleteConfirmDisabled,
  onDeleteOpen,
}: {
  /** What the resource is called in titles and messages, e.g. "profile". */
  kind: string;
  name: string;
  renameReason: string | undefined;
  deleteReason: string | undefined;
  validate: (newName: string) => string | undefined;
  rename: (newName: string) => Promise<unknown>;
  remove: () => Promise<unknown>;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
  /** Controls inside the delete dialog (a typed confirmation, a force option). */
  deleteExtra?: ReactNode;
  deleteConfirmDisabled?: boolean;
  onDeleteOpen?: () => void;
}) {
  const notify = useNotify();
  const Kind = kind.charAt(0).toUpperCase() + kind.slice(1);
  return (
    <div className="page-header__actions">
      <RenameButton
        title={`Rename ${kind}`}
        currentName={name}
        disabledReason={renameReason}
        validate={validate}
        onRename={async (newName) => {
          await rename(newName);
          notify.success(`${Kind} renamed`, `${Kind} ${name} is now ${newName}.`);
          onRenamed(newName);
        }}
      />
      <ConfirmButton
        label="Delete"
        title={`Delete ${kind}`}
        confirmLabel="Delete"
        danger
        reason={deleteReason}
        extra={deleteExtra}
        confirmDisabled={deleteConfirmDisabled}
        onOpen={onDeleteOpen}
        message={
          <p>
            This will permanently delete {kind} <strong>{name}</strong>.
          </p>
        }
        onConfirm={async () => {
          await remove();
          notify.success(`${Kind} deleted`, `${Kind} ${name} was deleted.`);
          onDeleted();
        }}
      />
    </div>
  );
}
