import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from '../../../../shared/routing/router';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { hasServerExtension, useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../../shared/ui/list';
import { DeleteIsoButton, DeleteIsosButton } from '../components/DeleteIsoButtons';
import { ISO_LIST_ID, ISO_LIST_SORT, isoColumns } from '../components/isoColumns';
import { UploadIsoModal } from '../components/UploadIsoModal';
import { isoVolumesQuery } from '../queries';
import { ISO_EXTENSION, ISO_MESSAGES, deleteIsoBlocker, isoKey, matchIso } from '../rules';
import '../isos.scss';

const NOUN = { one: 'custom ISO', other: 'custom ISOs' };
const SEARCH: ListSearch<LxdStorageVolume> = {
  label: 'Search custom ISOs',
  placeholder: 'Search by name or pool',
  compile: matchIso,
};
const rowLabel = (volume: LxdStorageVolume) => volume.name;

function UploadButton({ reason, onClick }: { reason: string | undefined; onClick: () => void }) {
  return (
    <GatedButton className="p-button--positive" reason={reason} onClick={onClick}>
      Upload ISO
    </GatedButton>
  );
}

function IsoList({ project }: { project: string }) {
  const { isFineGrained } = useAuth();
  const list = useQuery(isoVolumesQuery(project, isFineGrained));
  const permissions = usePermissions();
  const createReason = permissions.inProject(project, 'createStorageVolumes');
  const [uploading, setUploading] = useState(false);
  const columns = useMemo(() => isoColumns(project), [project]);
  const selectDisabledReason = useCallback(
    (volume: LxdStorageVolume) =>
      deleteIsoBlocker(volume, project) ?? permissions.on('ISO', 'delete', volume),
    [project, permissions],
  );
  const view = useListView({
    id: ISO_LIST_ID,
    rows: list.data,
    columns,
    rowKey: isoKey,
    defaultSort: ISO_LIST_SORT,
    search: SEARCH,
    selectDisabledReason,
  });
  const rowActions = useCallback(
    (volume: LxdStorageVolume) => (
      <DeleteIsoButton volume={volume} project={project} reason={selectDisabledReason(volume)} />
    ),
    [project, selectDisabledReason],
  );
  const openUpload = () => {
    setUploading(true);
  };
  const closeUpload = useCallback(() => {
    setUploading(false);
  }, []);

  return (
    <>
      <PageHeader title={<span id="isos-heading">Custom ISOs</span>}>
        <UploadButton reason={createReason} onClick={openUpload} />
      </PageHeader>
      <ResourceList<LxdStorageVolume>
        view={view}
        label="Custom ISOs"
        noun={NOUN}
        query={list}
        rowLabel={rowLabel}
        rowActions={rowActions}
        actionsWidth={6}
        bulkActions={(selected, clear) => (
          <DeleteIsosButton volumes={selected} project={project} onDone={clear} />
        )}
        empty={{
          body: (
            <p>
              Upload an ISO image (an installer, a live system) to a storage pool, then attach it to
              a virtual machine.
            </p>
          ),
          action: <UploadButton reason={createReason} onClick={openUpload} />,
        }}
      />
      {uploading && <UploadIsoModal project={project} onClose={closeUpload} />}
    </>
  );
}

/** /ui/project/{project}/storage/custom-isos (servers with `custom_volume_iso`). */
export function CustomIsoListPage() {
  const { project = 'default' } = useParams();
  const auth = useAuth();
  const supported = hasServerExtension(auth, ISO_EXTENSION);
  return (
    <section className="list-page iso-page" aria-labelledby="isos-heading">
      {supported ? (
        <IsoList project={project} />
      ) : (
        <>
          <PageHeader title={<span id="isos-heading">Custom ISOs</span>} />
          <p className="iso-unsupported" role="note">
            {ISO_MESSAGES.unsupported}
          </p>
        </>
      )}
    </section>
  );
}
