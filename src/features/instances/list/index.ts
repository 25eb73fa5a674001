/** What the other instance lists (the fleet's, of several servers) use of this one. */
export { compileFilter, compileNameFilter, removeFilterToken, tokenizeFilter } from './filter';
