import { useQuery } from '@tanstack/react-query';
import type { LxdStoragePool } from '../../../../lxd/types/storage';
import { detailPage } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { PoolActions } from '../components/PoolActions';
import { PoolConfiguration } from '../components/PoolConfiguration';
import { PoolOverview } from '../components/PoolOverview';
import { poolQuery } from '../queries';
import '../pools.scss';

/**
 * /ui/project/{project}/storage/pool/{name}[/{activeTab}]: overview and configuration. The pool
 * form has no sections: an address with one goes back to the page.
 */
export const PoolDetailPage = detailPage<LxdStoragePool>({
  noun: 'storage pool',
  tabsLabel: 'Storage pool views',
  idPrefix: 'pool',
  useDetail: ({ project, name, auth }) => useQuery(poolQuery(project, name, auth.isFineGrained)),
  parent: ({ project }) => ({ label: 'Storage pools', to: paths.storagePools(project) }),
  actions: (pool, { project, activeTab }) => (
    <PoolActions project={project} pool={pool} activeTab={activeTab} />
  ),
  path: ({ project, name }, tab, section) => paths.storagePool(project, name, tab, section),
  tabs: [
    {
      id: 'overview',
      label: 'Overview',
      render: (pool, { project, auth }) => (
        <PoolOverview project={project} pool={pool} clustered={auth.isClustered} />
      ),
    },
    {
      id: 'configuration',
      label: 'Configuration',
      render: (pool, { project, auth, permissions }) => (
        <PoolConfiguration
          key={pool.name}
          project={project}
          pool={pool}
          clustered={auth.isClustered}
          readOnlyReason={permissions.on('storage pool', 'edit', pool)}
        />
      ),
    },
  ],
});
