/** The command palette, its action registry, the keyboard map and the recent changes as commands. */
export {
  CommandPalette,
  PALETTE_INPUT_LABEL,
  PALETTE_LIMIT,
  paletteMatches,
  type PaletteGroup,
  type PaletteOption,
} from './CommandPalette';
export {
  createPaletteRegistry,
  PaletteRegistryContext,
  usePaletteActions,
  useRegisteredActions,
  type PaletteAction,
  type PaletteRegistry,
} from './actions';
export { KeyboardMap } from './KeyboardMap';
export { RecentCommands, RECENT_COMMANDS_TITLE, useRecordedChanges } from './RecentCommands';
export { isKeyboardMapKey, isPaletteKey, isTextField, SHORTCUTS } from './shortcuts';
export { usePaletteList } from './sources';
export { filterOptions, matchRank } from './match';
