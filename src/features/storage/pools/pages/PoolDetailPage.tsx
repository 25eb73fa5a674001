import { useQuery } from '@tanstack/react-query';
import type { LxdStoragePool } from '../../../../lxd/types/storage';
import { detailPage } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { ResourceHistory, activityResource } from '../../../activity';
import { PoolActions } from '../components/PoolActions';
import { PoolConfiguration } from '../components/PoolConfiguration';
import { PoolOverview } from '../components/PoolOverview';
import { poolQuery } from '../queries';
import { isPoolSectionId, poolSections } from '../sections';
import '../pools.scss';

/**
 * /ui/project/{project}/storage/pool/{name}[/{activeTab}[/{section}]]: overview and
 * configuration; the configuration's section is in the address (main, the driver's own keys
 * where the driver has any, YAML).
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
      sections: (pool, { auth }) =>
        poolSections(pool.driver, auth.isClustered).map((section) => section.id),
      render: (pool, { project, auth, permissions, section }) => (
        <PoolConfiguration
          key={pool.name}
          project={project}
          pool={pool}
          clustered={auth.isClustered}
          section={isPoolSectionId(section) ? section : 'main'}
          readOnlyReason={permissions.on('storage pool', 'edit', pool)}
        />
      ),
    },
    {
      id: 'history',
      label: 'History',
      // A pool is not a project's: its history (and its volumes') in every project.
      render: (pool) => <ResourceHistory resource={activityResource.storagePool(pool.name)} />,
    },
  ],
});
