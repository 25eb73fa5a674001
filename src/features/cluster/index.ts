import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { clusterInstanceInvalidation, clusterInvalidation } from './events';
import { clusterRoutes } from './routes';

export { clusterRoutes } from './routes';
export {
  clusterEventPrefixes,
  clusterGroupsQuery,
  clusterKeys,
  clusterMemberQuery,
  clusterMembersQuery,
  clusterStatusQuery,
} from './queries';
export {
  TargetPicker,
  useTargetRestriction,
  type TargetPickerProps,
} from './placement/TargetPicker';
export {
  ANY_MEMBER,
  anyMemberLabel,
  groupOptions,
  groupTarget,
  memberOptions,
  memberUnavailableReason,
  projectBlocksTargeting,
  type TargetOption,
} from './placement/targets';

/** The cluster's members and groups (spec §2: shown only when clustered). */
export const clusterFeature: FeatureModule = {
  globalRoutes: clusterRoutes,
  nav: [
    {
      id: 'cluster-members',
      label: 'Members',
      scope: 'global',
      group: 'Cluster',
      order: 10,
      to: paths.clusterMembers,
      shown: (auth) => auth.isClustered,
    },
    {
      id: 'cluster-groups',
      label: 'Groups',
      scope: 'global',
      group: 'Cluster',
      order: 11,
      to: paths.clusterGroups,
      shown: (auth) => auth.isClustered,
    },
  ],
  invalidations: [clusterInvalidation, clusterInstanceInvalidation],
};
