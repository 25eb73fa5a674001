import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from '../../../../shared/routing/router';
import { deleteStorageVolume } from '../../../../lxd/endpoints/storage-volumes';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { CreateLink, GatedButton } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ResourceList, useListView } from '../../../../shared/ui/list';
import { storageKeys } from '../../keys';
import { ImportVolumeModal } from '../components/ImportVolumeModal';
import {
  VOLUME_LIST_ID,
  VOLUME_LIST_SORT,
  VOLUME_NOUN,
  VOLUME_SEARCH,
  volumeColumns,
  volumeDescription,
  volumeFilters,
  volumeLabel,
} from '../components/volumeListColumns';
import { projectVolumesQuery, volumePoolsQuery } from '../queries';
import { deleteVolumeBlocker, volumeKey, volumeMember, volumeRows, type VolumeRow } from '../rules';
import '../volumes.scss';

function CreateVolumeButton({ project }: { project: string }) {
  return (
    <CreateLink
      project={project}
      action="createStorageVolumes"
      to={paths.storageVolumeCreate(project)}
    >
      Create volume
    </CreateLink>
  );
}

/**
 * /ui/project/{project}/storage/volumes: the volumes of every pool (snapshots counted under
 * their volume), filters `?pool=`, `?type=`, `?content=`, search, bulk delete, import.
 */
export function VolumeListPage() {
  const { project = '' } = useParams();
  const { isFineGrained, isClustered } = useAuth();
  const notify = useNotify();
  const client = useQueryClient();
  const list = useQuery(projectVolumesQuery(project, isFineGrained));
  const poolList = useQuery(volumePoolsQuery(project));
  const permissions = usePermissions();
  const [importing, setImporting] = useState(false);

  const rows = useMemo(() => (list.data ? volumeRows(list.data) : undefined), [list.data]);
  // Every pool is a filter choice (the pool page links here with ?pool=), even without volumes.
  const pools = useMemo(
    () =>
      [
        ...new Set([
          ...(poolList.data ?? []).map((pool) => pool.name),
          ...(rows ?? []).map((row) => row.pool),
        ]),
      ].sort(),
    [poolList.data, rows],
  );
  const columns = useMemo(() => volumeColumns(project, isClustered), [project, isClustered]);
  const filters = useMemo(() => volumeFilters(pools), [pools]);
  const selectDisabledReason = useCallback(
    (volume: VolumeRow) =>
      deleteVolumeBlocker(volume, project) ?? permissions.on('volume', 'delete', volume),
    [project, permissions],
  );
  const view = useListView<VolumeRow>({
    id: VOLUME_LIST_ID,
    rows,
    columns,
    rowKey: volumeKey,
    defaultSort: VOLUME_LIST_SORT,
    search: VOLUME_SEARCH,
    filters,
    selectDisabledReason,
  });

  const deleteSelected = async (selected: VolumeRow[], clear: () => void) => {
    const results = await Promise.allSettled(
      selected.map((volume) =>
        deleteStorageVolume({
          project,
          pool: volume.pool,
          type: volume.type,
          name: volume.name,
          member: volumeMember(volume, isClustered),
        }),
      ),
    );
    void client.invalidateQueries({ queryKey: storageKeys.all });
    const failed = results.flatMap((result, index) =>
      result.status === 'rejected'
        ? [
            `${selected[index]?.name ?? ''}: ${String(result.reason instanceof Error ? result.reason.message : result.reason)}`,
          ]
        : [],
    );
    const done = selected.length - failed.length;
    clear();
    if (done > 0) {
      notify.success(
        done === 1 ? 'Volume deleted' : `${done} volumes deleted`,
        selected
          .filter((_volume, index) => results[index]?.status === 'fulfilled')
          .map((volume) => volume.name)
          .join(', '),
      );
    }
    if (failed.length > 0) {
      notify.failure(
        failed.length === 1
          ? 'A volume was not deleted'
          : `${failed.length} volumes were not deleted`,
        failed.join('\n'),
      );
    }
  };

  return (
    <section className="list-page volume-page" aria-labelledby="volumes-heading">
      <PageHeader title={<span id="volumes-heading">Volumes</span>}>
        <GatedButton
          className="p-button"
          reason={permissions.inProject(project, 'createStorageVolumes')}
          onClick={() => setImporting(true)}
        >
          Import backup
        </GatedButton>
        <CreateVolumeButton project={project} />
      </PageHeader>
      <ResourceList<VolumeRow>
        view={view}
        label="Volumes"
        noun={VOLUME_NOUN}
        query={list}
        rowLabel={volumeLabel}
        rowDescription={volumeDescription}
        empty={{
          body: (
            <p>
              Custom volumes hold data that instances share or keep beyond their own life; the
              volumes of instances and images are listed here too.
            </p>
          ),
          action: <CreateVolumeButton project={project} />,
        }}
        bulkActions={(selected, clear) => (
          <ConfirmButton
            label="Delete"
            title={selected.length === 1 ? 'Delete volume' : `Delete ${selected.length} volumes`}
            confirmLabel="Delete"
            danger
            className="p-button--negative is-dense"
            message={
              <p>
                This will permanently delete{' '}
                {selected.length === 1 ? (
                  <>
                    volume <strong>{selected[0]?.name}</strong>
                  </>
                ) : (
                  <>
                    {selected.length} volumes:{' '}
                    <strong>{selected.map((volume) => volume.name).join(', ')}</strong>
                  </>
                )}{' '}
                and their snapshots.
              </p>
            }
            onConfirm={() => deleteSelected(selected, clear)}
          />
        )}
      />
      {importing && <ImportVolumeModal project={project} onClose={() => setImporting(false)} />}
    </section>
  );
}
