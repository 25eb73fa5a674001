export { networkingProjectRoutes } from './routes';
export { networkingEventPrefixes, networkingInvalidation } from './events';
export { networkingKeys } from './keys';
export { useNicChoices } from './ipam/nic-choices';
