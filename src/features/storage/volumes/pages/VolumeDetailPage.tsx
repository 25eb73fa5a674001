import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams } from '../../../../shared/routing/router';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import { isNotFound } from '../../../../lxd/client';
import { useAuth } from '../../../../shared/auth/context';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { VolumeActions } from '../components/VolumeActions';
import { VolumeConfiguration } from '../components/VolumeConfiguration';
import { VolumeOverview } from '../components/VolumeOverview';
import { VolumeSnapshots } from '../components/VolumeSnapshots';
import { isVolumeSectionId } from '../form';
import { volumeQuery } from '../queries';
import '../volumes.scss';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'configuration', label: 'Configuration' },
  { id: 'snapshots', label: 'Snapshots' },
] as const;

type TabId = (typeof TABS)[number]['id'];
const isTab = (value: string): value is TabId => TABS.some((tab) => tab.id === value);

/**
 * /ui/project/{project}/storage/pool/{pool}[/member/{member}]/volumes/{type}/{volume}
 * [/{activeTab}[/{section}]]: overview, configuration, snapshots; rename, copy, move, export,
 * delete.
 */
export function VolumeDetailPage() {
  const {
    project = '',
    pool = '',
    member,
    type = '',
    volume: name = '',
    activeTab,
    section,
  } = useParams();
  const { isFineGrained, isClustered } = useAuth();
  const navigate = useNavigate();
  const where: VolumeLocation = useMemo(
    () => ({ project, pool, type, name, member }),
    [project, pool, type, name, member],
  );
  const detail = useQuery(volumeQuery(where, isFineGrained));
  const tab = activeTab ?? 'overview';
  const pathTo = (tabId?: string, sectionId?: string) =>
    paths.storageVolume(project, pool, type, name, {
      ...(member ? { member } : {}),
      ...(tabId && tabId !== 'overview' ? { tab: tabId } : {}),
      ...(sectionId ? { section: sectionId } : {}),
    });

  const validSection =
    section === undefined || (tab === 'configuration' && isVolumeSectionId(section));
  if (!isTab(tab) || !validSection) return <Navigate to={pathTo()} replace />;
  const tabLabel = TABS.find((t) => t.id === tab)?.label ?? '';

  return (
    <section className="page volume-page" aria-labelledby="volume-heading">
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="volume-breadcrumb">
            <Link to={paths.storageVolumes(project)}>Volumes</Link>
            <span aria-hidden="true"> / </span>
            <Link to={`${paths.storageVolumes(project)}?pool=${encodeURIComponent(pool)}`}>
              Pool {pool}
            </Link>
          </nav>
          <h1 className="p-heading--4 page-header__title" id="volume-heading">
            {name}
            <span className="volume-heading__type"> {type} volume</span>
          </h1>
        </div>
        {detail.data && detail.data.type !== 'custom' && (
          <div className="page-header__actions">
            <Link
              className="p-button"
              to={
                detail.data.type === 'image' ? paths.images(project) : paths.instance(project, name)
              }
            >
              {detail.data.type === 'image' ? 'Open images' : `Open instance ${name}`}
            </Link>
          </div>
        )}
        {detail.data?.type === 'custom' && (
          <VolumeActions
            where={where}
            volume={detail.data}
            onMoved={(place) =>
              void navigate(
                paths.storageVolume(place.project, place.pool, 'custom', place.name, {
                  ...(member && place.pool === pool ? { member } : {}),
                  ...(activeTab ? { tab: activeTab } : {}),
                }),
              )
            }
            onDeleted={() => void navigate(paths.storageVolumes(project))}
          />
        )}
      </header>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Volume views">
          {TABS.map((t) => (
            <div className="p-tabs__item" key={t.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                aria-selected={t.id === tab}
                to={pathTo(t.id)}
              >
                {t.label}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={tabLabel} className="volume-panel">
        {detail.isPending && <Loader text="Loading volume…" />}
        {detail.error && (
          <ErrorNotice
            title={isNotFound(detail.error) ? 'Volume not found' : 'Could not load the volume'}
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
        {detail.data && tab === 'overview' && (
          <VolumeOverview where={where} volume={detail.data} clustered={isClustered} />
        )}
        {detail.data && tab === 'configuration' && (
          <VolumeConfiguration
            key={`${pool}/${name}`}
            where={where}
            latest={detail.data}
            section={section && isVolumeSectionId(section) ? section : 'main'}
            onSectionChange={(next) => void navigate(pathTo('configuration', next))}
          />
        )}
        {detail.data && tab === 'snapshots' && (
          <VolumeSnapshots where={where} volume={detail.data} />
        )}
      </div>
    </section>
  );
}
