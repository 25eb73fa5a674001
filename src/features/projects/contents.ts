/**
 * What a project still holds, read from its `used_by` URLs. LXD calls a project empty when only
 * its own default profile uses it; deleting or renaming needs an empty project.
 */
import type { LxdProject } from '../../lxd/types/project';

export const DEFAULT_PROJECT = 'default';

interface Kind {
  singular: string;
  plural: string;
}

const KINDS: Record<string, Kind> = {
  instances: { singular: 'instance', plural: 'instances' },
  profiles: { singular: 'profile', plural: 'profiles' },
  images: { singular: 'image', plural: 'images' },
  networks: { singular: 'network', plural: 'networks' },
  'network-acls': { singular: 'network ACL', plural: 'network ACLs' },
  'network-zones': { singular: 'network zone', plural: 'network zones' },
  volumes: { singular: 'storage volume', plural: 'storage volumes' },
  buckets: { singular: 'storage bucket', plural: 'storage buckets' },
  'storage-pools': { singular: 'storage pool', plural: 'storage pools' },
};

const OTHER: Kind = { singular: 'other item', plural: 'other items' };

function pathParts(url: string): string[] {
  const [path = ''] = url.split('?', 1);
  return path.split('/').filter(Boolean).slice(1);
}

/** The kind of object a used_by URL points at. */
export function usedByKind(url: string): Kind {
  const parts = pathParts(url);
  if (parts[0] === 'storage-pools' && parts.length > 2) {
    return KINDS[parts[2] ?? ''] ?? OTHER;
  }
  return KINDS[parts[0] ?? ''] ?? OTHER;
}

/** `/1.0/profiles/default` (or with any `?project=`): the profile every project starts with. */
export function isDefaultProfileUrl(url: string): boolean {
  const parts = pathParts(url);
  return parts.length === 2 && parts[0] === 'profiles' && parts[1] === 'default';
}

export interface ContentCount {
  singular: string;
  plural: string;
  count: number;
}

/** What the project holds besides its default profile, counted by kind in first-seen order. */
export function projectContents(usedBy: readonly string[] | undefined): ContentCount[] {
  const counts = new Map<string, ContentCount>();
  for (const url of usedBy ?? []) {
    if (isDefaultProfileUrl(url)) continue;
    const kind = usedByKind(url);
    const entry = counts.get(kind.singular) ?? { ...kind, count: 0 };
    entry.count += 1;
    counts.set(kind.singular, entry);
  }
  return [...counts.values()];
}

/** "2 instances, 1 image and 1 network". */
export function describeContents(items: readonly ContentCount[]): string {
  const words = items.map(
    (item) => `${item.count} ${item.count === 1 ? item.singular : item.plural}`,
  );
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

export function isProjectEmpty(project: Pick<LxdProject, 'used_by'>): boolean {
  return projectContents(project.used_by).length === 0;
}

export const DEFAULT_PROJECT_DELETE_REASON = 'The default project cannot be deleted';
export const DEFAULT_PROJECT_RENAME_REASON = 'The default project cannot be renamed';

/** Servers with it delete a project with its contents (DELETE …?force=1). */
export const FORCE_DELETE_EXTENSION = 'projects_force_delete';

/** Why a project cannot be deleted (a forced delete empties it first), or undefined when it can. */
export function deleteProjectBlocker(
  project: Pick<LxdProject, 'name' | 'used_by'>,
  canForce = false,
) {
  if (project.name === DEFAULT_PROJECT) return DEFAULT_PROJECT_DELETE_REASON;
  if (canForce) return undefined;
  const contents = projectContents(project.used_by);
  if (contents.length === 0) return undefined;
  return `Only empty projects can be deleted. This project still holds ${describeContents(contents)}.`;
}

/** Why a project cannot be renamed, or undefined when it can. */
export function renameProjectBlocker(project: Pick<LxdProject, 'name' | 'used_by'>) {
  if (project.name === DEFAULT_PROJECT) return DEFAULT_PROJECT_RENAME_REASON;
  const contents = projectContents(project.used_by);
  if (contents.length === 0) return undefined;
  return `Only empty projects can be renamed. This project still holds ${describeContents(contents)}.`;
}

/** Why the features of a project cannot change, or undefined when they can. */
export function featuresBlocker(project: Pick<LxdProject, 'name' | 'used_by'>) {
  if (project.name === DEFAULT_PROJECT)
    return 'The features of the default project cannot be changed';
  if (isProjectEmpty(project)) return undefined;
  return 'Features can only be changed on empty projects';
}
