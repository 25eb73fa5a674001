import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { detailPage, type DetailContext } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { ResourceHistory, activityResource } from '../../../activity';
import { VolumeActions } from '../components/VolumeActions';
import { VolumeConfiguration } from '../components/VolumeConfiguration';
import { VolumeOverview } from '../components/VolumeOverview';
import { VolumeSnapshots } from '../components/VolumeSnapshots';
import { isVolumeSectionId, VOLUME_SECTIONS } from '../form';
import { volumeQuery } from '../queries';
import '../volumes.scss';

/** The volume a page shows: its project, pool, type, name and (clustered) member. */
const whereOf = ({ project, params, name }: DetailContext): VolumeLocation => ({
  project,
  pool: params.pool ?? '',
  type: params.type ?? '',
  name,
  member: params.member,
});

/** The snapshots tab, on one `where` while the address stays (its table keeps its rows). */
function SnapshotsTab({ volume, context }: { volume: LxdStorageVolume; context: DetailContext }) {
  const { project, name } = context;
  const { pool = '', type = '', member } = context.params;
  const where = useMemo(
    () => ({ project, pool, type, name, member }),
    [project, pool, type, name, member],
  );
  return <VolumeSnapshots where={where} volume={volume} />;
}

/**
 * /ui/project/{project}/storage/pool/{pool}[/member/{member}]/volumes/{type}/{name}
 * [/{activeTab}[/{section}]]: overview, configuration, snapshots; rename, copy, move, export,
 * delete.
 */
export const VolumeDetailPage = detailPage<LxdStorageVolume>({
  noun: 'volume',
  tabsLabel: 'Volume views',
  idPrefix: 'volume',
  panelClassName: 'volume-panel',
  useDetail: (context) => useQuery(volumeQuery(whereOf(context), context.auth.isFineGrained)),
  parent: ({ project }) => ({ label: 'Volumes', to: paths.storageVolumes(project) }),
  trail: ({ project, params }) => [
    {
      label: `Pool ${params.pool ?? ''}`,
      to: `${paths.storageVolumes(project)}?pool=${encodeURIComponent(params.pool ?? '')}`,
    },
  ],
  title: ({ name, params }) => (
    <>
      {name}
      <span className="volume-heading__type"> {params.type} volume</span>
    </>
  ),
  actions: (volume, context) => (
    <VolumeActions where={whereOf(context)} volume={volume} activeTab={context.activeTab} />
  ),
  path: (context, tab, section) => {
    const { project, pool, type, name, member } = whereOf(context);
    return paths.storageVolume(project, pool, type, name, {
      ...(member ? { member } : {}),
      ...(tab ? { tab } : {}),
      ...(section ? { section } : {}),
    });
  },
  tabs: [
    {
      id: 'overview',
      label: 'Overview',
      render: (volume, context) => (
        <VolumeOverview
          where={whereOf(context)}
          volume={volume}
          clustered={context.auth.isClustered}
        />
      ),
    },
    {
      id: 'configuration',
      label: 'Configuration',
      sections: () => VOLUME_SECTIONS.map((section) => section.id),
      render: (volume, context) => (
        <VolumeConfiguration
          key={`${context.params.pool ?? ''}/${context.name}`}
          where={whereOf(context)}
          latest={volume}
          section={isVolumeSectionId(context.section) ? context.section : 'main'}
        />
      ),
    },
    {
      id: 'snapshots',
      label: 'Snapshots',
      render: (volume, context) => <SnapshotsTab volume={volume} context={context} />,
    },
    {
      id: 'history',
      label: 'History',
      render: (volume, context) => {
        const { project, pool, type, name } = whereOf(context);
        return (
          <ResourceHistory
            resource={activityResource.storageVolume(pool, type, name)}
            project={project}
          />
        );
      },
    },
  ],
});
