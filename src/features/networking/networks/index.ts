/** What the rest of the area uses of networks. */
export { type NetworkTabProps } from './components/EditableTab';
export { useNetworkEditReason } from './queries';
