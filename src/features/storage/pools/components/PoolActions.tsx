import { LxdApiError } from '../../../../lxd/client';
import type { LxdStoragePool } from '../../../../lxd/types/storage';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { useDeletePool, useRenamePool } from '../queries';
import { deletePoolBlocker, POOL_MESSAGES, takenPoolName, validatePoolName } from '../rules';

/** LXD answers a pool rename with 501 "not implemented": say what that means. */
export function renameFailure(error: unknown): Error {
  if (error instanceof LxdApiError && error.status === 501) {
    return new Error(POOL_MESSAGES.renameUnsupported);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Rename and Delete of a pool's page header; a pool in use cannot be deleted, with the reason. */
export function PoolActions({
  project,
  pool,
  existingNames,
  renameReason,
  deleteReason,
  onRenamed,
  onDeleted,
}: {
  project: string;
  pool: LxdStoragePool;
  existingNames: readonly string[];
  /** Why the identity may not rename or delete it (spec §6), if so. */
  renameReason: string | undefined;
  deleteReason: string | undefined;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
}) {
  const rename = useRenamePool(project);
  const remove = useDeletePool(project);
  return (
    <RenameDeleteActions
      kind="storage pool"
      name={pool.name}
      renameReason={renameReason}
      deleteReason={deleteReason ?? deletePoolBlocker(pool)}
      validate={(name) =>
        validatePoolName(name) ?? takenPoolName(name, existingNames.includes(name), pool.name)
      }
      rename={async (newName) => {
        try {
          await rename.mutateAsync({ name: pool.name, newName });
        } catch (error) {
          throw renameFailure(error);
        }
      }}
      remove={() => remove.mutateAsync(pool.name)}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />
  );
}
