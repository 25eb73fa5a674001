/**
 * Links to the resources an operation names (`resources` of the operation): instances,
 * instance snapshots, images, storage volumes and their snapshots. LXD gives API URLs such as
 * `/1.0/instances/c1?project=p`; they become console paths (relative to the /ui basename).
 */
import { paths } from '../../shared/routing/paths';

export type OperationResourceKind =
  'instance' | 'instance snapshot' | 'image' | 'storage volume' | 'storage volume snapshot';

export interface OperationResourceLink {
  kind: OperationResourceKind;
  label: string;
  to: string;
}

const seg = encodeURIComponent;
const INSTANCE_COLLECTIONS = new Set(['instances', 'containers', 'virtual-machines']);

/** Console paths for resources the shared path builders do not cover yet. */
export const resourcePaths = {
  instanceSnapshots: (project: string, name: string) =>
    `${paths.instance(project, name)}/snapshots`,
  images: (project: string) => `/project/${seg(project)}/images`,
  volume: (project: string, pool: string, type: string, volume: string) =>
    paths.storageVolume(project, pool, type, volume),
  volumeSnapshots: (project: string, pool: string, type: string, volume: string) =>
    paths.storageVolume(project, pool, type, volume, { tab: 'snapshots' }),
};

/** One resource URL as a link, or undefined for resources the console does not link. */
export function resourceLink(
  url: string,
  fallbackProject: string,
): OperationResourceLink | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://lxd');
  } catch {
    return undefined;
  }
  const project = parsed.searchParams.get('project') || fallbackProject;
  const parts = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== '1.0') return undefined;
  const [, collection, a, b, c, d, e, f] = parts;
  if (collection && INSTANCE_COLLECTIONS.has(collection) && a) {
    if (b === 'snapshots' && c && parts.length === 5) {
      return {
        kind: 'instance snapshot',
        label: `${a}/${c}`,
        to: resourcePaths.instanceSnapshots(project, a),
      };
    }
    if (parts.length === 3) return { kind: 'instance', label: a, to: paths.instance(project, a) };
    return undefined;
  }
  if (collection === 'images' && a && parts.length === 3) {
    return { kind: 'image', label: a.slice(0, 12), to: resourcePaths.images(project) };
  }
  if (collection === 'storage-pools' && a && b === 'volumes' && c && d) {
    if (e === 'snapshots' && f && parts.length === 8) {
      return {
        kind: 'storage volume snapshot',
        label: `${d}/${f}`,
        to: resourcePaths.volumeSnapshots(project, a, c, d),
      };
    }
    if (parts.length === 6) {
      return { kind: 'storage volume', label: d, to: resourcePaths.volume(project, a, c, d) };
    }
  }
  return undefined;
}

/** The links of an operation's resources, without duplicates (LXD lists `containers` and
 * `instances` for the same instance). */
export function operationResourceLinks(operation: {
  resources: Record<string, string[] | null> | null;
  project?: string | undefined;
}): OperationResourceLink[] {
  const links = new Map<string, OperationResourceLink>();
  for (const urls of Object.values(operation.resources ?? {})) {
    for (const url of urls ?? []) {
      const link = resourceLink(url, operation.project || 'default');
      if (link && !links.has(`${link.kind} ${link.label} ${link.to}`)) {
        links.set(`${link.kind} ${link.label} ${link.to}`, link);
      }
    }
  }
  return [...links.values()];
}
