/**
 * The servers a console server fronts (GET /console/remotes) and what the shell's remote
 * switcher needs of them. No routes or navigation entries: the app shell uses it directly.
 */
export {
  hasSwitcher,
  pageRemoteName,
  remoteFacts,
  remoteProduct,
  remoteSectionPath,
  remoteUrl,
} from './model';
export { prefetchRemotes, REMOTES_REFETCH_MS, remotesQuery, useRemotes } from './queries';
export {
  CONSOLE_REMOTES_PATH,
  fetchRemotes,
  type ConsoleRemote,
  type RemoteState,
} from './remotes';
export {
  STOP_FIRST,
  destinationChoicesQuery,
  fetchDestinationChoices,
  migrationRefusal,
  otherRemotes,
  type DestinationChoices,
} from './migration';
export {
  DestinationChoice,
  REMOTE_DESTINATION_DEFAULTS,
  REMOTE_DESTINATION_LABEL,
  RemoteDestinationFields,
  TRANSFER_HELP,
  remoteDestinationProblems,
  remoteDestination,
  type RemoteDestination,
  type RemoteDestinationValues,
} from './RemoteDestinationFields';
