/**
 * LXD's `used_by`: the URLs of what uses an object (a profile, network, ACL, pool, volume,
 * project). One reader for every resource: the kind of object each URL names, its project (the
 * URL's `?project=`, else the project the list was asked in), its name, and for snapshots,
 * volumes and buckets the parts their pages need.
 */

export type UsedByKind =
  | 'instance'
  | 'profile'
  | 'network'
  | 'network-acl'
  | 'network-zone'
  | 'image'
  | 'volume'
  | 'bucket'
  | 'storage-pool'
  | 'project'
  | 'other';

export interface UsedByRef {
  kind: UsedByKind;
  /** The object's name; a snapshot is `parent/snapshot`; 'other' keeps the whole URL. */
  name: string;
  project: string;
  url: string;
  /** A snapshot's instance or volume, and the snapshot's own name. */
  parent?: string;
  snapshot?: string;
  /** A volume's or bucket's pool, a volume's type (custom, container, virtual-machine, image). */
  pool?: string;
  volumeType?: string;
  /** The cluster member of a local volume (`?target=`). */
  member?: string;
}

const COLLECTIONS: Readonly<Record<string, UsedByKind>> = {
  instances: 'instance',
  // Older servers name instances by their type.
  containers: 'instance',
  'virtual-machines': 'instance',
  profiles: 'profile',
  networks: 'network',
  'network-acls': 'network-acl',
  'network-zones': 'network-zone',
  images: 'image',
  projects: 'project',
  'storage-pools': 'storage-pool',
};

const decode = (part: string | undefined) => {
  try {
    return decodeURIComponent(part ?? '');
  } catch {
    return part ?? '';
  }
};

/** Reads one used_by URL; `project` is where the object was asked for (the default project). */
export function parseUsedBy(url: string, project = 'default'): UsedByRef {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  const member = params.get('target') ?? undefined;
  const base = {
    project: params.get('project') || project,
    url,
    ...(member ? { member } : {}),
  };
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== '1.0') return { ...base, kind: 'other', name: url };
  const [collection = '', a, b, c, d, e, f] = parts.slice(1);
  const kind = COLLECTIONS[collection];
  if (kind === undefined || a === undefined) return { ...base, kind: 'other', name: url };
  if (collection === 'storage-pools' && b === 'volumes' && c && d) {
    const volume = { ...base, kind: 'volume' as const, pool: decode(a), volumeType: decode(c) };
    if (e === 'snapshots' && f) {
      return {
        ...volume,
        name: `${decode(d)}/${decode(f)}`,
        parent: decode(d),
        snapshot: decode(f),
      };
    }
    return e === undefined ? { ...volume, name: decode(d) } : { ...base, kind: 'other', name: url };
  }
  if (collection === 'storage-pools' && b === 'buckets' && c && d === undefined) {
    return { ...base, kind: 'bucket', pool: decode(a), name: decode(c) };
  }
  if (kind === 'instance' && b === 'snapshots' && c && d === undefined) {
    return {
      ...base,
      kind: 'instance',
      name: `${decode(a)}/${decode(c)}`,
      parent: decode(a),
      snapshot: decode(c),
    };
  }
  if (b !== undefined) return { ...base, kind: 'other', name: url };
  return { ...base, kind, name: decode(a) };
}

/** Every URL of a `used_by` list, read. */
export function usedByRefs(
  usedBy: readonly string[] | null | undefined,
  project?: string,
): UsedByRef[] {
  return (usedBy ?? []).map((url) => parseUsedBy(url, project));
}

/** The instances in a `used_by` list (their snapshots left out): who uses a profile. */
export function usedByInstances(
  usedBy: readonly string[] | undefined,
  project?: string,
): UsedByRef[] {
  return usedByRefs(usedBy, project).filter((ref) => ref.kind === 'instance' && !ref.parent);
}

/** How each kind is named, in the order lists group them. */
export const USED_BY_NOUNS: Readonly<Record<UsedByKind, { one: string; other: string }>> = {
  instance: { one: 'instance', other: 'instances' },
  profile: { one: 'profile', other: 'profiles' },
  network: { one: 'network', other: 'networks' },
  'network-acl': { one: 'network ACL', other: 'network ACLs' },
  'network-zone': { one: 'network zone', other: 'network zones' },
  volume: { one: 'volume', other: 'volumes' },
  image: { one: 'image', other: 'images' },
  bucket: { one: 'bucket', other: 'buckets' },
  'storage-pool': { one: 'storage pool', other: 'storage pools' },
  project: { one: 'project', other: 'projects' },
  other: { one: 'other object', other: 'other objects' },
};

export interface UsedByGroup {
  kind: UsedByKind;
  one: string;
  other: string;
  refs: UsedByRef[];
}

/**
 * The refs grouped by kind, each group sorted by name then project: in the order above, or in
 * `order` (a resource's own wording, "2 networks and 1 instance"), other kinds after it.
 */
export function groupUsedBy(
  refs: readonly UsedByRef[],
  order: readonly UsedByKind[] = [],
): UsedByGroup[] {
  const kinds = [...new Set([...order, ...(Object.keys(USED_BY_NOUNS) as UsedByKind[])])];
  return kinds
    .map((kind) => ({
      kind,
      ...USED_BY_NOUNS[kind],
      refs: refs
        .filter((ref) => ref.kind === kind)
        .sort((x, y) => x.name.localeCompare(y.name) || x.project.localeCompare(y.project)),
    }))
    .filter((group) => group.refs.length > 0);
}

const NAMES_SHOWN = 3;

function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  const more = unique.length - NAMES_SHOWN;
  const shown = unique.slice(0, NAMES_SHOWN).join(', ');
  return more > 0 ? `${shown} and ${String(more)} more` : shown;
}

/** "a, b and c". */
export function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}

export interface DescribeUsedByOptions {
  /** The kinds first named, in this order (see groupUsedBy). */
  order?: readonly UsedByKind[];
  /** How a group's names are listed; "a, b, c and 2 more" by default. */
  names?: (names: readonly string[]) => string;
  /** How one is named ("c1 in project p"); its name by default. */
  nameOf?: (ref: UsedByRef) => string;
}

/** "2 networks (br0, br1) and 1 instance (c1)": the counts with the first names of each. */
export function describeUsedBy(
  refs: readonly UsedByRef[],
  options: DescribeUsedByOptions = {},
): string {
  const list = options.names ?? listNames;
  const nameOf = options.nameOf ?? ((ref: UsedByRef) => ref.name);
  return joinAnd(
    groupUsedBy(refs, options.order).map(({ refs: group, one, other }) => {
      const names = list(group.map(nameOf));
      return `${String(group.length)} ${group.length === 1 ? one : other} (${names})`;
    }),
  );
}
