/** Rules the identity, group and IdP group screens share. */
import type { Problems } from '../../../shared/forms';

/**
 * A group or IdP group name as LXD takes it (lxd/auth_groups.go validateGroupName): not empty, no
 * "/" and no ":"; and not one that exists already (the current name is allowed).
 */
export function validateGroupName(
  kind: 'Group' | 'IdP group',
  name: string,
  existing: readonly string[],
  current?: string,
): string | undefined {
  if (name === '') return `${kind} name cannot be empty`;
  if (name.includes('/')) return `${kind} name cannot contain a forward slash`;
  if (name.includes(':')) return `${kind} name cannot contain a colon`;
  if (name !== current && existing.includes(name)) {
    return `${kind === 'Group' ? 'A group' : 'An IdP group'} with this name already exists`;
  }
  return undefined;
}

/** `groups` with `added` in it and `removed` out of it, in their order (added ones at the end). */
export function changeGroups(
  groups: readonly string[],
  added: readonly string[],
  removed: readonly string[],
): string[] {
  const next = groups.filter((group) => !removed.includes(group));
  for (const group of added) if (!next.includes(group)) next.push(group);
  return next;
}

export const GROUPS_MESSAGES = {
  noGroup: 'Choose at least one group',
  conflict: (what: string) =>
    `Someone else changed this ${what} after this dialog opened, so nothing was saved. Your choice is kept: save again to replace their change.`,
} as const;

/** The problems of a groups dialog: its name (when it has one) and, if required, a group. */
export function groupsDialogProblems(
  values: { name: string; groups: readonly string[] },
  validateName: ((name: string) => string | undefined) | undefined,
  requireGroup: boolean,
): Problems {
  return {
    name: validateName?.(values.name.trim()),
    groups: requireGroup && values.groups.length === 0 ? GROUPS_MESSAGES.noGroup : undefined,
  };
}

/** A list search: every word of `term` must be in the row's text (case aside). */
export function matchWords<T>(term: string, text: (row: T) => string): (row: T) => boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return (row) => {
    const haystack = text(row).toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
}
