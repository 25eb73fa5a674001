/**
 * The landing page a user chose: the project's instances (the default) or its overview, kept in
 * this browser's localStorage; `/ui/` and `/ui/project/{p}` lead there (src/app/shell/Redirects).
 */
import { paths } from '../../shared/routing/paths';

export type Landing = 'instances' | 'overview';
export const LANDING_KEY = 'lxd-console.landing';

export function readLanding(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): Landing {
  try {
    return storage?.getItem(LANDING_KEY) === 'overview' ? 'overview' : 'instances';
  } catch {
    return 'instances';
  }
}

export function writeLanding(
  landing: Landing,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage(),
): void {
  try {
    if (landing === 'overview') storage?.setItem(LANDING_KEY, 'overview');
    else storage?.removeItem(LANDING_KEY);
  } catch {
    // Storage refused (private mode, quota): the choice lasts this page only.
  }
}

/** Where a project opens: its overview or its instances, as chosen. */
export function landingPath(project: string, landing: Landing = readLanding()): string {
  return landing === 'overview' ? paths.overview(project) : paths.instances(project);
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
