/**
 * The remote in the address. `/ui/remote/{name}/project/{p}/…` is remote {name} (a console
 * server's `/remote/{name}/1.0`), `/ui/project/{p}/…` the default remote. The router's basename
 * carries the remote (`/ui/remote/{name}`), so every in-app link and path builder stays on the
 * page's remote without knowing of it; another remote is another page.
 */
import { currentRemote } from '../../lxd/remote';
import { stripBasename } from './match';

/** Where the console lives: the default remote's basename. */
export const UI_ROOT = '/ui';

const REMOTE_BASE = /^\/ui\/remote\/([^/]+)(?=\/|$)/i;

export interface PageBase {
  /** null: the default remote. */
  remote: string | null;
  /** The router's basename: `/ui`, or `/ui/remote/{name}` as the address spells it. */
  basename: string;
}

/** The remote and router basename of a page address (its pathname). */
export function pageBaseOf(pathname: string): PageBase {
  const match = REMOTE_BASE.exec(pathname);
  const raw = match?.[1];
  if (!match || !raw) return { remote: null, basename: UI_ROOT };
  let remote = raw;
  try {
    remote = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the segment as it is.
  }
  return { remote, basename: match[0] };
}

/** The basename of a remote's pages: `/ui` for the default remote, else `/ui/remote/{name}`. */
export function uiBasename(remote: string | null): string {
  return remote === null ? UI_ROOT : `${UI_ROOT}/remote/${encodeURIComponent(remote)}`;
}

/** The basename of this page's remote. */
export function pageBasename(): string {
  return uiBasename(currentRemote());
}

/** A page address inside this page's basename (`/ui/remote/x/login` → `/login`), else null. */
export function pathInPage(pathname: string): string | null {
  return stripBasename(pathname, pageBasename());
}
