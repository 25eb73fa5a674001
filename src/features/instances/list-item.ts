/** What the instance list keeps of an instance, and the list as cached. */
import type { LxdInstance } from '../../lxd/types/instance';
import type { ListData } from './listData';

/** What the list keeps of an instance: no volatile keys (a third of the bytes at 1,000). */
export type InstanceListItem = Pick<
  LxdInstance,
  | 'name'
  | 'project'
  | 'type'
  | 'status'
  | 'description'
  | 'location'
  | 'profiles'
  | 'created_at'
  | 'last_used_at'
  | 'access_entitlements'
> & {
  /** The expanded configuration without `volatile.*` keys. */
  config: Record<string, string>;
  /** Only the name is known yet (the list's names came first; the details are on their way). */
  pending?: true;
};

/** The list as cached: names first, details as they come (see ./list-load.ts). */
export type InstanceList = ListData<InstanceListItem>;

/** A row of which only the name is known yet. */
export function nameOnlyItem(project: string, name: string): InstanceListItem {
  return {
    name,
    project,
    type: 'container',
    status: 'Unknown',
    description: '',
    location: '',
    profiles: [],
    created_at: '',
    last_used_at: '',
    config: {},
    pending: true,
  };
}

/**
 * An instance on a cluster member that is offline comes as a stub: status Error, type "", and
 * config, devices and profiles null.
 */
export function toListItem(instance: LxdInstance): InstanceListItem {
  const config: Record<string, string> = {};
  const source = (instance.expanded_config ?? instance.config) as Record<string, string> | null;
  for (const [key, value] of Object.entries(source ?? {})) {
    if (!key.startsWith('volatile.')) config[key] = value;
  }
  return {
    name: instance.name,
    project: instance.project,
    type: instance.type,
    status: instance.status,
    description: instance.description,
    location: instance.location,
    profiles: Array.isArray(instance.profiles) ? instance.profiles : [],
    created_at: instance.created_at,
    last_used_at: instance.last_used_at,
    config,
    ...(instance.access_entitlements ? { access_entitlements: instance.access_entitlements } : {}),
  };
}
