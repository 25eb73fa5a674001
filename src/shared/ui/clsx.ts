/** Joins the truthy class names. */
export function clsx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
