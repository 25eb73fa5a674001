import type { AuthState } from '../../../shared/auth/context';
import type { NavEntry } from '../../../shared/feature';
import type { PaletteOption } from '../../../shared/palette';

/**
 * The palette's screens: the side navigation's entries this identity is shown, leading where
 * the side navigation leads (in the all-projects view, project entries without an all-projects
 * address are left out, as the side navigation disables them).
 */
export function screenOptions(
  entries: readonly NavEntry[],
  auth: AuthState,
  project: string | undefined,
): PaletteOption[] {
  const options: PaletteOption[] = [];
  for (const entry of entries) {
    if (entry.shown && !entry.shown(auth)) continue;
    let to: string;
    if (entry.scope === 'global') to = entry.to('');
    else if (project !== undefined) to = entry.to(project);
    else if (entry.allProjectsTo) to = entry.allProjectsTo();
    else continue;
    options.push({
      id: entry.id,
      label: entry.label,
      detail: entry.group,
      keywords: `screen ${entry.group ?? ''}`,
      to,
    });
  }
  return options;
}
