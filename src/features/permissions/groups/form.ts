/**
 * The group form's values, what an edit changes (the summary shown before saving) and how the
 * change is sent: the group itself (POST or PUT), then each identity and IdP group whose
 * membership changed (a group's members are a field of each identity and IdP group in LXD).
 */
import {
  changeIdentityGroups,
  changeIdpGroupGroups,
  createGroup,
  updateGroup,
} from '../../../lxd/endpoints/auth';
import type { LxdAuthGroup, LxdPermission } from '../../../lxd/types/auth';
import { runBulk, type BulkOutcome } from '../../../shared/pages/bulk';
import { changeGroups } from '../access';
import { buildPermissionChanges, describePermission, type PermissionChanges } from './permissions';
import { memberKeys } from './rules';

export interface GroupFormValues {
  name: string;
  description: string;
  permissions: LxdPermission[];
  /** Member identities as "{authentication_method}/{id}". */
  identities: string[];
  /** IdP groups that map to this group. */
  idpGroups: string[];
}

export const emptyGroupValues = (): GroupFormValues => ({
  name: '',
  description: '',
  permissions: [],
  identities: [],
  idpGroups: [],
});

export function groupToValues(group: LxdAuthGroup): GroupFormValues {
  return {
    name: group.name,
    description: group.description,
    permissions: [...(group.permissions ?? [])],
    identities: memberKeys(group),
    idpGroups: [...(group.identity_provider_groups ?? [])],
  };
}

export interface SetChange {
  added: string[];
  removed: string[];
}

function setChange(before: readonly string[], after: readonly string[]): SetChange {
  return {
    added: after.filter((item) => !before.includes(item)),
    removed: before.filter((item) => !after.includes(item)),
  };
}

export interface GroupChanges {
  description: boolean;
  permissions: PermissionChanges;
  identities: SetChange;
  idpGroups: SetChange;
}

export function groupChanges(before: GroupFormValues, after: GroupFormValues): GroupChanges {
  return {
    description: before.description !== after.description,
    permissions: buildPermissionChanges(before.permissions, after.permissions),
    identities: setChange(before.identities, after.identities),
    idpGroups: setChange(before.idpGroups, after.idpGroups),
  };
}

export function hasChanges(changes: GroupChanges): boolean {
  return (
    changes.description ||
    [changes.permissions, changes.identities, changes.idpGroups].some(
      (change) => change.added.length > 0 || change.removed.length > 0,
    )
  );
}

export interface ChangeLine {
  sign: '+' | '-';
  text: string;
}

/** The summary lines: "+ can_view on instance c1 (project default)", "- identity bob", … */
export function changeLines(
  changes: GroupChanges,
  identityName: (key: string) => string,
): ChangeLine[] {
  const lines = (sign: '+' | '-', items: readonly string[]) =>
    items.map((text): ChangeLine => ({ sign, text }));
  return [
    ...lines('+', changes.permissions.added.map(describePermission)),
    ...lines('-', changes.permissions.removed.map(describePermission)),
    ...lines(
      '+',
      changes.identities.added.map((key) => `identity ${identityName(key)}`),
    ),
    ...lines(
      '-',
      changes.identities.removed.map((key) => `identity ${identityName(key)}`),
    ),
    ...lines(
      '+',
      changes.idpGroups.added.map((name) => `IdP group ${name}`),
    ),
    ...lines(
      '-',
      changes.idpGroups.removed.map((name) => `IdP group ${name}`),
    ),
  ];
}

/** "tls/abc" → ["tls", "abc"] (identifiers may hold "/", methods do not). */
export function splitIdentityKey(key: string): [string, string] {
  const slash = key.indexOf('/');
  return [key.slice(0, slash), key.slice(slash + 1)];
}

/**
 * Sends a create (no `etag` base) or an edit: the group first (a failure, 412 included, stops
 * there), then every membership that changed, all at once; their outcome is returned, items named
 * "identity:{key}" and "idp:{name}".
 */
export async function saveGroup(options: {
  before: GroupFormValues | undefined;
  values: GroupFormValues;
  etag: string | undefined;
}): Promise<BulkOutcome<string>> {
  const { before, values, etag } = options;
  const changes = groupChanges(before ?? emptyGroupValues(), values);
  const name = before?.name ?? values.name;
  const body = { description: values.description, permissions: values.permissions };
  const { added, removed } = changes.permissions;
  if (!before) await createGroup({ name, ...body });
  else if (changes.description || added.length > 0 || removed.length > 0) {
    await updateGroup(name, body, etag);
  }
  const join = (added: boolean) => (groups: readonly string[]) =>
    added ? changeGroups(groups, [name], []) : changeGroups(groups, [], [name]);
  const writes = new Map<string, () => Promise<void>>();
  for (const [list, added] of [
    [changes.identities.added, true],
    [changes.identities.removed, false],
  ] as const) {
    for (const key of list) {
      const [method, id] = splitIdentityKey(key);
      writes.set(`identity:${key}`, () => changeIdentityGroups(method, id, join(added)));
    }
  }
  for (const [list, added] of [
    [changes.idpGroups.added, true],
    [changes.idpGroups.removed, false],
  ] as const) {
    for (const idp of list) writes.set(`idp:${idp}`, () => changeIdpGroupGroups(idp, join(added)));
  }
  return runBulk([...writes.keys()], (item) => writes.get(item)?.() ?? Promise.resolve());
}
