/**
 * The storage lists' bulk deletes (volumes, custom ISOs, volume snapshots), run by the one bulk
 * queue (registered by the storage feature).
 */
import {
  deleteStorageVolume,
  deleteVolumeSnapshot,
  type VolumeLocation,
} from '../../lxd/endpoints/storage-volumes';
import { deleteIsoVolume } from '../../lxd/endpoints/storage-isos';
import { refreshAfter, type BulkExecutors, type ExecutorContext } from '../../shared/bulk-queue';
import { storageKeys } from './keys';

export const STORAGE_KINDS = {
  volumeDelete: 'volume.delete',
  isoDelete: 'iso.delete',
  snapshotDelete: 'volume.snapshot.delete',
} as const;

export interface IsoDeleteParams {
  project: string;
  pool: string;
  name: string;
}

export interface VolumeSnapshotDeleteParams {
  volume: VolumeLocation;
  snapshot: string;
}

/** Runs `call`, then has the storage data asked for again (whatever the outcome). */
const storageExecutor =
  <P>(call: (params: P) => Promise<unknown>) =>
  async (params: P, context: ExecutorContext) => {
    try {
      await call(params);
    } finally {
      refreshAfter(context, storageKeys.all);
    }
  };

export const storageBulkExecutors: BulkExecutors = {
  [STORAGE_KINDS.volumeDelete]: storageExecutor(deleteStorageVolume),
  [STORAGE_KINDS.isoDelete]: storageExecutor((params: IsoDeleteParams) =>
    deleteIsoVolume(params.project, params.pool, params.name),
  ),
  [STORAGE_KINDS.snapshotDelete]: storageExecutor((params: VolumeSnapshotDeleteParams) =>
    deleteVolumeSnapshot(params.volume, params.snapshot),
  ),
};
