/** Layout thresholds of spec §9, in CSS pixels. */
export const WIDE_SCREEN_PX = 1250;
export const LARGE_SCREEN_PX = 1200;
export const MENU_COLLAPSE_PX = 820;
export const MOBILE_PX = 620;

/**
 * Narrower than large: a detail page keeps its frequent actions as buttons and puts the others
 * behind one Actions menu, as LXD's own UI does.
 */
export const BELOW_LARGE_QUERY = `(max-width: ${String(LARGE_SCREEN_PX - 0.02)}px)`;
