/** What the rest of the area uses of access. */
export { DeleteRowButton } from './DeleteRowButton';
export { EditGroupsButton } from './EditGroupsButton';
export { GroupsDialog } from './GroupsDialog';
export {
  groupQuery,
  groupsQuery,
  identitiesQuery,
  identityQuery,
  idpGroupQuery,
  idpGroupsQuery,
  permissionChoicesQuery,
  useAccessMutation,
  useCanOnServer,
  useEntityTypeMetadata,
  useGroupNames,
} from './queries';
export { changeGroups, matchWords, validateGroupName } from './rules';
