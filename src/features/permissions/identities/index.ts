/** What the rest of the area uses of identities. */
export { TokenModal } from './components/TokenModal';
export { authMethodLabel, editIdentityBlocker, identityKey, identityLabel } from './rules';
