/**
 * What a project still holds, read from its `used_by` URLs. LXD calls a project empty when only
 * its own default profile uses it; deleting or renaming needs an empty project.
 */
import type { LxdProject } from '../../lxd/types/project';
import { joinAnd, usedByRefs, type UsedByKind, type UsedByRef } from '../../lxd/used-by';

export const DEFAULT_PROJECT = 'default';

interface Kind {
  singular: string;
  plural: string;
}

/** How the project's own messages name what it holds ("1 storage volume"). */
const KINDS: Partial<Record<UsedByKind, Kind>> = {
  instance: { singular: 'instance', plural: 'instances' },
  profile: { singular: 'profile', plural: 'profiles' },
  image: { singular: 'image', plural: 'images' },
  network: { singular: 'network', plural: 'networks' },
  'network-acl': { singular: 'network ACL', plural: 'network ACLs' },
  'network-zone': { singular: 'network zone', plural: 'network zones' },
  volume: { singular: 'storage volume', plural: 'storage volumes' },
  bucket: { singular: 'storage bucket', plural: 'storage buckets' },
  'storage-pool': { singular: 'storage pool', plural: 'storage pools' },
};

const OTHER: Kind = { singular: 'other item', plural: 'other items' };

/** The profile every project starts with. */
const isDefaultProfile = (ref: UsedByRef) => ref.kind === 'profile' && ref.name === 'default';

export interface ContentCount {
  singular: string;
  plural: string;
  count: number;
}

/** What the project holds besides its default profile, counted by kind in first-seen order. */
export function projectContents(usedBy: readonly string[] | undefined): ContentCount[] {
  const counts = new Map<string, ContentCount>();
  for (const ref of usedByRefs(usedBy)) {
    if (isDefaultProfile(ref)) continue;
    const kind = KINDS[ref.kind] ?? OTHER;
    const entry = counts.get(kind.singular) ?? { ...kind, count: 0 };
    entry.count += 1;
    counts.set(kind.singular, entry);
  }
  return [...counts.values()];
}

/** "2 instances, 1 image and 1 network". */
export function describeContents(items: readonly ContentCount[]): string {
  return joinAnd(
    items.map((item) => `${item.count} ${item.count === 1 ? item.singular : item.plural}`),
  );
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
