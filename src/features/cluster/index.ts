export { clusterRoutes } from './routes';
export {
  clusterEventPrefixes,
  clusterGroupsQuery,
  clusterKeys,
  clusterMemberQuery,
  clusterMembersQuery,
  clusterStatusQuery,
} from './queries';
