import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from '../../../../shared/routing/router';
import { useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { PoolActions } from '../components/PoolActions';
import { PoolConfiguration } from '../components/PoolConfiguration';
import { PoolOverview } from '../components/PoolOverview';
import { poolQuery, poolsQuery } from '../queries';
import '../pools.scss';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'configuration', label: 'Configuration' },
] as const;

/** /ui/project/{project}/storage/pool/{name}[/{activeTab}]: overview and configuration. */
export function PoolDetailPage() {
  const { project = '', name = '', activeTab } = useParams();
  const { isFineGrained, isClustered } = useAuth();
  const navigate = useNavigate();
  const detail = useQuery(poolQuery(project, name, isFineGrained));
  const list = useQuery(poolsQuery(project));
  const tab = activeTab ?? 'overview';
  const permissions = usePermissions();

  if (!TABS.some((t) => t.id === tab)) {
    return <Navigate to={paths.storagePool(project, name)} replace />;
  }
  const label = TABS.find((t) => t.id === tab)?.label ?? '';

  return (
    <section className="page pool-page" aria-labelledby="pool-heading">
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="pool-breadcrumb">
            <Link to={paths.storagePools(project)}>Storage pools</Link>
          </nav>
          <h1 className="p-heading--4 page-header__title" id="pool-heading">
            {name}
          </h1>
        </div>
        {detail.data && (
          <PoolActions
            project={project}
            pool={detail.data}
            existingNames={(list.data ?? []).map((pool) => pool.name)}
            renameReason={permissions.on('storage pool', 'rename', detail.data)}
            deleteReason={permissions.on('storage pool', 'delete', detail.data)}
            onRenamed={(newName) => void navigate(paths.storagePool(project, newName, activeTab))}
            onDeleted={() => void navigate(paths.storagePools(project))}
          />
        )}
      </header>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Storage pool views">
          {TABS.map((t) => (
            <div className="p-tabs__item" key={t.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                aria-selected={t.id === tab}
                to={paths.storagePool(project, name, t.id === 'overview' ? undefined : t.id)}
              >
                {t.label}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={label}>
        {detail.isPending && <Loader text="Loading storage pool…" />}
        {detail.error && (
          <ErrorNotice
            title="Could not load the storage pool"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
        {detail.data && tab === 'overview' && (
          <PoolOverview project={project} pool={detail.data} clustered={isClustered} />
        )}
        {detail.data && tab === 'configuration' && (
          <PoolConfiguration
            key={detail.data.name}
            project={project}
            pool={detail.data}
            clustered={isClustered}
            readOnlyReason={permissions.on('storage pool', 'edit', detail.data)}
          />
        )}
      </div>
    </section>
  );
}
