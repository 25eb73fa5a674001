import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import { useAuth } from '../../../../shared/auth/context';
import { useBulkAction } from '../../../../shared/bulk-queue';
import type { ListRows, PageContext } from '../../../../shared/pages';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';
import { STORAGE_KINDS } from '../../executors';
import { storageKeys } from '../../keys';
import { projectVolumesQuery, volumePoolsQuery } from '../queries';
import { volumeMember, volumeRows, type VolumeRow } from '../rules';
import { ImportVolumeModal } from './ImportVolumeModal';
import { VOLUME_NOUN, volumeFilters } from './volumeListColumns';

/**
 * The rows of the volume list (snapshots counted under their volume), and its filters: every
 * pool is a choice, with volumes or not (the pool page links here with `?pool=`).
 */
export function useVolumeRows({ project, auth }: PageContext): ListRows<VolumeRow> {
  const list = useQuery(projectVolumesQuery(project, auth.isFineGrained));
  const poolList = useQuery(volumePoolsQuery(project));
  const rows = useMemo(() => (list.data ? volumeRows(list.data) : undefined), [list.data]);
  const filters = useMemo(() => {
    const pools = new Set([
      ...(poolList.data ?? []).map((pool) => pool.name),
      ...(rows ?? []).map((row) => row.pool),
    ]);
    return volumeFilters([...pools].sort());
  }, [poolList.data, rows]);
  return { rows, query: list, filters };
}

/** "Import backup": the import dialog, when the identity may create volumes in the project. */
export function ImportVolumeButton({ project }: { project: string }) {
  const [importing, setImporting] = useState(false);
  const reason = usePermissions().inProject(project, 'createStorageVolumes');
  return (
    <>
      <GatedButton className="p-button" reason={reason} onClick={() => setImporting(true)}>
        Import backup
      </GatedButton>
      {importing && <ImportVolumeModal project={project} onClose={() => setImporting(false)} />}
    </>
  );
}

const names = (volumes: readonly VolumeRow[]) => volumes.map((volume) => volume.name).join(', ');

/** Deletes the selected volumes (with their snapshots), after asking; the outcomes counted. */
export function DeleteVolumesButton({
  project,
  volumes,
  onDone,
}: {
  project: string;
  volumes: readonly VolumeRow[];
  onDone: () => void;
}) {
  const { isClustered } = useAuth();
  const client = useQueryClient();
  const remove = useBulkAction<VolumeRow>({
    noun: VOLUME_NOUN,
    title: 'Delete',
    verb: 'deleted',
    label: (volume) => volume.name,
    kind: STORAGE_KINDS.volumeDelete,
    params: (volume): VolumeLocation => ({
      project,
      pool: volume.pool,
      type: volume.type,
      name: volume.name,
      member: volumeMember(volume, isClustered),
    }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: storageKeys.all });
      onDone();
    },
  });
  const one = volumes.length === 1 ? volumes[0] : undefined;
  return (
    <ConfirmButton
      label="Delete"
      title={one ? 'Delete volume' : `Delete ${String(volumes.length)} volumes`}
      confirmLabel="Delete"
      danger
      className="p-button--negative is-dense"
      message={
        <p>
          This will permanently delete{' '}
          {one ? (
            <>
              volume <strong>{one.name}</strong>
            </>
          ) : (
            <>
              {volumes.length} volumes: <strong>{names(volumes)}</strong>
            </>
          )}{' '}
          and their snapshots.
        </p>
      }
      onConfirm={async () => {
        await remove(volumes);
      }}
    />
  );
}
