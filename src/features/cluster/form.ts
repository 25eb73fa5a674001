import type {
  LxdClusterGroup,
  LxdClusterGroupPut,
  LxdClusterGroupsPost,
  LxdClusterMember,
  LxdClusterMemberPut,
} from '../../lxd/types/cluster';

/** Rules of the enable-clustering form. */
export const MEMBER_NAME_MESSAGES = {
  length: 'Member name must be between 1 and 63 characters',
  characters: 'Only alphanumeric, hyphen and dot characters are allowed',
  start: 'Member name must start with a letter or a digit',
} as const;

/** A cluster member name: a host name of 1 to 63 characters. */
export function validateMemberName(name: string): string | undefined {
  if (name.length < 1 || name.length > 63) return MEMBER_NAME_MESSAGES.length;
  if (!/^[A-Za-z0-9.-]+$/.test(name)) return MEMBER_NAME_MESSAGES.characters;
  if (!/^[A-Za-z0-9]/.test(name)) return MEMBER_NAME_MESSAGES.start;
  return undefined;
}

/** Wildcard addresses cannot be announced to other members. */
export function isWildcardAddress(address: string): boolean {
  const host = address.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return host === '' || host === '0.0.0.0' || host === '::';
}

/** Extensions that decide what the member state dialog may send. */
export const EVACUATION_MODE_EXTENSION = 'clustering_evacuation_mode';
export const EVACUATION_LIVE_EXTENSION = 'clustering_evacuation_live';
export const RESTORE_SKIP_EXTENSION = 'clustering_restore_skip_mode';

export interface StateMode {
  value: string;
  label: string;
}

/**
 * The evacuation modes a server accepts in POST …/state. Without `clustering_evacuation_mode`
 * there is no `mode` field at all (each instance's `cluster.evacuate` decides): the list is empty.
 */
export function evacuationModes(extensions: readonly string[]): StateMode[] {
  if (!extensions.includes(EVACUATION_MODE_EXTENSION)) return [];
  const modes: StateMode[] = [
    { value: 'auto', label: 'Auto: move what can be moved, stop the rest' },
    { value: 'stop', label: 'Stop: stop every instance and leave it on the member' },
    { value: 'migrate', label: 'Migrate: move every instance to another member' },
  ];
  if (extensions.includes(EVACUATION_LIVE_EXTENSION)) {
    modes.push({
      value: 'live-migrate',
      label: 'Live-migrate: move running instances without stopping them',
    });
  }
  return modes;
}

/** The restore modes besides the default one (no mode): `skip` where the server has it. */
export function restoreModes(extensions: readonly string[]): StateMode[] {
  return extensions.includes(RESTORE_SKIP_EXTENSION)
    ? [
        {
          value: 'skip',
          label: 'Skip: mark the member online without moving or starting instances',
        },
      ]
    : [];
}

/** Roles LXD computes itself (raft): shown, never set from the console. */
export const INTERNAL_ROLES = ['database', 'database-leader', 'database-standby'] as const;

/** The roles a PUT may set, each where the server has its extension. */
export function settableRoles(extensions: readonly string[]): string[] {
  const roles: string[] = [];
  if (extensions.includes('event_hub')) roles.push('event-hub');
  if (extensions.includes('cluster_ovn_chassis')) roles.push('ovn-chassis');
  return roles;
}

export const isInternalRole = (role: string) =>
  (INTERNAL_ROLES as readonly string[]).includes(role);

/** What the member configuration form edits. */
export interface MemberFormValues {
  description: string;
  failureDomain: string;
  groups: string[];
  /** The settable roles chosen (internal roles are kept from the member as it was read). */
  roles: string[];
}

export const MEMBER_FORM_MESSAGES = {
  noGroup: 'A member must belong to at least one group',
} as const;

export function memberFormValues(member: LxdClusterMember): MemberFormValues {
  return {
    description: member.description ?? '',
    failureDomain: member.failure_domain ?? '',
    groups: [...(member.groups ?? [])],
    roles: (member.roles ?? []).filter((role) => !isInternalRole(role)),
  };
}

/** Whether two sets of member values are the same (groups and roles in any order). */
export function sameMemberValues(a: MemberFormValues, b: MemberFormValues): boolean {
  const sorted = (values: MemberFormValues) =>
    JSON.stringify({
      ...values,
      groups: [...values.groups].sort(),
      roles: [...values.roles].sort(),
    });
  return sorted(a) === sorted(b);
}

export function validateMemberForm(values: MemberFormValues): { groups?: string } {
  return values.groups.length === 0 ? { groups: MEMBER_FORM_MESSAGES.noGroup } : {};
}

/**
 * The PUT body: the member's config and internal roles as they were read (dropping `database`
 * is refused, and PUT replaces the config), the edited fields and the chosen settable roles.
 */
export function memberPutBody(
  member: LxdClusterMember,
  values: MemberFormValues,
): LxdClusterMemberPut {
  const internal = (member.roles ?? []).filter(isInternalRole);
  return {
    config: { ...(member.config ?? {}) },
    description: values.description,
    failure_domain: values.failureDomain.trim(),
    groups: values.groups,
    roles: [...internal, ...values.roles.filter((role) => !isInternalRole(role))],
  };
}

/** Rules of a cluster group name, with LXD's own rules (clusterGroupValidateName). */
export const GROUP_NAME_MESSAGES = {
  required: 'Enter a group name',
  slash: 'Group names may not contain slashes',
  space: 'Group names may not contain spaces',
  underscore: 'Group names may not contain underscores',
  quote: 'Group names may not contain quotes',
  reserved: 'This name is reserved',
  taken: 'A group with this name already exists',
} as const;

export function validateGroupName(
  name: string,
  existing: readonly string[] = [],
): string | undefined {
  if (name === '') return GROUP_NAME_MESSAGES.required;
  if (name.includes('/')) return GROUP_NAME_MESSAGES.slash;
  if (/\s/.test(name)) return GROUP_NAME_MESSAGES.space;
  if (name.includes('_')) return GROUP_NAME_MESSAGES.underscore;
  if (name.includes("'") || name.includes('"')) return GROUP_NAME_MESSAGES.quote;
  if (name === '*' || name === '.' || name === '..') return GROUP_NAME_MESSAGES.reserved;
  if (existing.includes(name)) return GROUP_NAME_MESSAGES.taken;
  return undefined;
}

/** The group every member starts in: LXD refuses to rename or delete it. */
export const DEFAULT_GROUP = 'default';
export const DEFAULT_GROUP_REASON =
  'The default group holds every new member: it cannot be renamed or deleted';

/** Why a group cannot be deleted, if so (LXD removes only empty groups other than `default`). */
export function groupDeleteReason(group: LxdClusterGroup): string | undefined {
  if (group.name === DEFAULT_GROUP) return DEFAULT_GROUP_REASON;
  if (group.members.length > 0)
    return 'Only an empty group can be deleted: remove its members first';
  return undefined;
}

export function groupsPostBody(values: {
  name: string;
  description: string;
  members: readonly string[];
}): LxdClusterGroupsPost {
  return {
    name: values.name.trim(),
    description: values.description,
    members: [...values.members],
  };
}

export function groupPutBody(values: {
  description: string;
  members: readonly string[];
}): LxdClusterGroupPut {
  return { description: values.description, members: [...values.members] };
}

/**
 * Members the PUT would drop from `group` but LXD keeps, because it is their only group
 * (LXD ignores those removals silently, so the form says so before sending).
 */
export function membersKeptInGroup(
  group: string,
  before: readonly string[],
  after: readonly string[],
  members: readonly Pick<LxdClusterMember, 'server_name' | 'groups'>[],
): string[] {
  return before.filter((name) => {
    if (after.includes(name)) return false;
    const groups = members.find((member) => member.server_name === name)?.groups ?? [group];
    return groups.filter((other) => other !== group).length === 0;
  });
}

/** Why a member-targeted action cannot run now, if so: the member must be online. */
export function memberOfflineReason(member: Pick<LxdClusterMember, 'server_name' | 'status'>) {
  return member.status === 'Online' || member.status === 'Evacuated'
    ? undefined
    : `${member.server_name} is ${member.status.toLowerCase()}: it does not answer until it is online again`;
}

/** The progress line of an evacuate or restore operation (LXD puts it in its metadata). */
export function stateProgress(metadata: unknown): string | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const progress = (metadata as Record<string, unknown>).evacuation_progress;
  return typeof progress === 'string' && progress !== '' ? progress : undefined;
}
