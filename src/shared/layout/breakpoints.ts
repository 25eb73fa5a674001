/** Layout thresholds of spec §9, in CSS pixels. */
export const WIDE_SCREEN_PX = 1250;
export const LARGE_SCREEN_PX = 1200;
export const MENU_COLLAPSE_PX = 820;
export const MOBILE_PX = 620;

export type ScreenClass = 'mobile' | 'collapsed' | 'medium' | 'large' | 'wide';

export function screenClass(width: number): ScreenClass {
  if (width < MOBILE_PX) return 'mobile';
  if (width < MENU_COLLAPSE_PX) return 'collapsed';
  if (width < LARGE_SCREEN_PX) return 'medium';
  if (width < WIDE_SCREEN_PX) return 'large';
  return 'wide';
}
