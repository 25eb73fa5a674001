/** Groups: members, counts, search and the messages of disabled controls. */
import type { LxdAuthGroup } from '../../../lxd/types/auth';
import { matchWords } from '../access';

export const GROUP_MESSAGES = {
  noCreate: 'You do not have permission to create groups',
  duplicatePermission: 'The group has this permission already',
} as const;

/** The group's members as identity keys ("tls/<fingerprint>", "oidc/<subject>"). */
export function memberKeys(group: Pick<LxdAuthGroup, 'identities'>): string[] {
  return Object.entries(group.identities ?? {}).flatMap(([method, ids]) =>
    (ids ?? []).map((id) => `${method}/${id}`),
  );
}

export const identityCount = (group: LxdAuthGroup) => memberKeys(group).length;
export const permissionCount = (group: LxdAuthGroup) => group.permissions?.length ?? 0;

/** Every word must match the name or the description. */
export const matchGroup = (term: string) =>
  matchWords<LxdAuthGroup>(term, (group) => `${group.name} ${group.description}`);
