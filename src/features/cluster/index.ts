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
  groupOptions,
  groupTarget,
  memberOptions,
  memberUnavailableReason,
  projectBlocksTargeting,
  type TargetOption,
} from './placement/targets';
