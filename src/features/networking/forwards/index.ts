/** What the rest of the area uses of forwards. */
export { ForwardsTab } from './ForwardsTab';
