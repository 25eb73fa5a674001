import { listPage } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import {
  DeleteVolumesButton,
  ImportVolumeButton,
  useVolumeRows,
} from '../components/VolumeListActions';
import { VOLUME_LIST, volumeColumns, volumeSelectReason } from '../components/volumeListColumns';
import type { VolumeRow } from '../rules';
import '../volumes.scss';

/**
 * /ui/project/{project}/storage/volumes: the volumes of every pool (snapshots counted under
 * their volume), filters `?pool=`, `?type=`, `?content=`, search, bulk delete, import.
 */
export const VolumeListPage = listPage<VolumeRow>({
  ...VOLUME_LIST,
  title: 'Volumes',
  className: 'volume-page',
  useRows: useVolumeRows,
  columns: ({ project, auth }) => volumeColumns(project, auth.isClustered),
  selectDisabledReason: volumeSelectReason,
  actions: ({ project }) => <ImportVolumeButton project={project} />,
  create: {
    label: 'Create volume',
    to: ({ project }) => paths.storageVolumeCreate(project),
    action: 'createStorageVolumes',
  },
  empty:
    'Custom volumes hold data that instances share or keep beyond their own life; the volumes of instances and images are listed here too.',
  bulkActions: (selected, clear, { project }) => (
    <DeleteVolumesButton project={project} volumes={selected} onDone={clear} />
  ),
});
