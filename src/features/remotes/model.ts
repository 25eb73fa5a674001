/** What the remote switcher shows of the remotes, and where choosing one leads. */
import { PRODUCT_NAMES } from '../../lxd/product';
import { currentRemote } from '../../lxd/remote';
import { keptNavEntry, type NavEntry } from '../../shared/feature';
import { paths, uiUrl } from '../../shared/routing/paths';
import type { ConsoleRemote } from './remotes';

/** "LXD 5.0.2", "Incus 6.0.4"; the version alone without a kind; '' when neither is known. */
export function remoteProduct(remote: Pick<ConsoleRemote, 'kind' | 'version'>): string {
  const product = remote.kind ? PRODUCT_NAMES[remote.kind].name : '';
  return [product, remote.version ?? ''].filter(Boolean).join(' ');
}

/** What the switcher says of a remote beside its name: its state, product, "clustered". */
export function remoteFacts(
  remote: Pick<ConsoleRemote, 'state' | 'kind' | 'version' | 'clustered'>,
): string[] {
  const product = remoteProduct(remote);
  return [remote.state, ...(product ? [product] : []), ...(remote.clustered ? ['clustered'] : [])];
}

/** The name of the remote this page is on: the named one, else the list's default one. */
export function pageRemoteName(
  remotes: readonly ConsoleRemote[],
  remote: string | null = currentRemote(),
): string | undefined {
  return remote ?? remotes.find((entry) => entry.default)?.name;
}

/**
 * Whether the switcher is offered: a console server with more than one remote, or a page on a
 * named remote (to get back). Not when LXD serves the console (no list).
 */
export function hasSwitcher(
  remotes: readonly ConsoleRemote[] | null | undefined,
  remote: string | null = currentRemote(),
): boolean {
  if (!remotes) return false;
  return remotes.length > 1 || (remote !== null && remotes.length > 0);
}

/**
 * Where choosing another remote leads, inside its basename: the same section (the current
 * screen's navigation entry), in project `default` for a project entry (the project may not
 * exist on the other server), else the instances of `default`.
 */
export function remoteSectionPath(entries: readonly NavEntry[], currentId: string | undefined) {
  const entry = keptNavEntry(entries, currentId, ['project', 'global']);
  if (!entry) return paths.instances('default');
  return entry.to(entry.scope === 'project' ? 'default' : '');
}

/** The full address of a path on a remote: the plain `/ui/...` for the default remote. */
export function remoteUrl(remote: Pick<ConsoleRemote, 'name' | 'default'>, path: string): string {
  return uiUrl(path, remote.default ? null : remote.name);
}
