import { useQuery } from '@tanstack/react-query';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { hasServerExtension } from '../../../../shared/auth/context';
import { listPage, listRows } from '../../../../shared/pages';
import { ISO_LIST, isoColumns, isoDeleteReason } from '../components/isoColumns';
import { DeleteIsosButton, isoRowActions, UploadIsoButton } from '../components/IsoListActions';
import { isoVolumesQuery } from '../queries';
import { ISO_EXTENSION, ISO_MESSAGES } from '../rules';
import '../isos.scss';

/** /ui/project/{project}/storage/custom-isos (servers with `custom_volume_iso`). */
export const CustomIsoListPage = listPage<LxdStorageVolume>({
  ...ISO_LIST,
  title: 'Custom ISOs',
  className: 'iso-page',
  unavailable: ({ auth }) =>
    hasServerExtension(auth, ISO_EXTENSION) ? undefined : ISO_MESSAGES.unsupported,
  useRows: ({ project, auth }) => listRows(useQuery(isoVolumesQuery(project, auth.isFineGrained))),
  columns: ({ project }) => isoColumns(project),
  create: ({ project }) => <UploadIsoButton project={project} />,
  selectDisabledReason: isoDeleteReason,
  rowActions: isoRowActions,
  table: { actionsWidth: 6 },
  bulkActions: (selected, clear, { project }) => (
    <DeleteIsosButton volumes={selected} project={project} onDone={clear} />
  ),
  empty:
    'Upload an ISO image (an installer, a live system) to a storage pool, then attach it to a virtual machine.',
});
