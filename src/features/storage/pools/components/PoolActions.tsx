import { useQuery } from '@tanstack/react-query';
import { LxdApiError } from '../../../../lxd/client';
import { DEFAULT_PRODUCT_NAME } from '../../../../lxd/product';
import type { LxdStoragePool } from '../../../../lxd/types/storage';
import { useProductName } from '../../../../shared/auth/product';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { useNavigate } from '../../../../shared/routing/router';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { poolsQuery, useDeletePool, useRenamePool } from '../queries';
import {
  deletePoolBlocker,
  renameUnsupportedMessage,
  takenPoolName,
  validatePoolName,
} from '../rules';

/** LXD answers a pool rename with 501 "not implemented": say what that means. */
export function renameFailure(error: unknown, product = DEFAULT_PRODUCT_NAME): Error {
  if (error instanceof LxdApiError && error.status === 501) {
    return new Error(renameUnsupportedMessage(product));
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Rename and Delete of a pool's page header, each disabled with its reason (spec §6, and a pool
 * in use cannot be deleted); a rename keeps the tab, a deletion goes back to the list.
 */
export function PoolActions({
  project,
  pool,
  activeTab,
}: {
  project: string;
  pool: LxdStoragePool;
  activeTab: string | undefined;
}) {
  const navigate = useNavigate();
  const product = useProductName();
  const permissions = usePermissions();
  const list = useQuery(poolsQuery(project));
  const existingNames = (list.data ?? []).map((item) => item.name);
  const rename = useRenamePool(project);
  const remove = useDeletePool(project);
  return (
    <RenameDeleteActions
      kind="storage pool"
      name={pool.name}
      renameReason={permissions.on('storage pool', 'rename', pool)}
      deleteReason={permissions.on('storage pool', 'delete', pool) ?? deletePoolBlocker(pool)}
      validate={(name) =>
        validatePoolName(name) ?? takenPoolName(name, existingNames.includes(name), pool.name)
      }
      rename={async (newName) => {
        try {
          await rename.mutateAsync({ name: pool.name, newName });
        } catch (error) {
          throw renameFailure(error, product);
        }
      }}
      remove={() => remove.mutateAsync(pool.name)}
      onRenamed={(newName) => void navigate(paths.storagePool(project, newName, activeTab))}
      onDeleted={() => void navigate(paths.storagePools(project))}
    />
  );
}
