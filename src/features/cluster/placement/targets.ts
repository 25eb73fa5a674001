/**
 * The places an instance or a volume can be put in a cluster: "any member" (no `target=`), one
 * member (`target=m1`) or a cluster group (`target=@group`). No React here.
 */
import type { LxdClusterGroup, LxdClusterMember } from '../../../lxd/types/cluster';
import type { LxdProject } from '../../../lxd/types/project';
import { DEFAULT_PRODUCT_NAME } from '../../../lxd/product';

export interface TargetOption {
  /** What goes into `target=`: the member's name or `@group`. */
  value: string;
  label: string;
  /** Why it cannot be chosen (an offline member, the current location). */
  disabledReason?: string | undefined;
}

/** The text of the "no target" choice: the server (its product, LXD or Incus) places it. */
export const anyMemberLabel = (product: string) => `Any member (${product} chooses)`;

/** The "no target" choice on LXD. */
export const ANY_MEMBER = anyMemberLabel(DEFAULT_PRODUCT_NAME);

export const groupTarget = (group: string) => `@${group}`;

/** Why a member cannot take new instances: it is not Online. */
export function memberUnavailableReason(member: LxdClusterMember): string | undefined {
  if (member.status === 'Online') return undefined;
  const message = member.message && member.message !== 'Fully operational' ? member.message : '';
  return message ? `${member.status}: ${message}` : member.status;
}

/** Members sorted by name; offline ones (and `current`) disabled with their reason. */
export function memberOptions(
  members: readonly LxdClusterMember[],
  current?: string,
): TargetOption[] {
  return [...members]
    .sort((a, b) => a.server_name.localeCompare(b.server_name))
    .map((member) => {
      const reason =
        member.server_name === current ? 'current location' : memberUnavailableReason(member);
      return {
        value: member.server_name,
        label: reason ? `${member.server_name} (${reason})` : member.server_name,
        disabledReason: reason,
      };
    });
}

/** Groups with at least one member, as `@group`, with their members in the text. */
export function groupOptions(
  groups: readonly LxdClusterGroup[],
  members: readonly LxdClusterMember[] = [],
): TargetOption[] {
  const online = new Set(
    members.filter((member) => member.status === 'Online').map((member) => member.server_name),
  );
  return [...groups]
    .filter((group) => group.members.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((group) => {
      const reason =
        members.length > 0 && !group.members.some((member) => online.has(member))
          ? 'no member online'
          : undefined;
      const label = `${group.name} (${[...group.members].sort().join(', ')})`;
      return {
        value: groupTarget(group.name),
        label: reason ? `${label} (${reason})` : label,
        disabledReason: reason,
      };
    });
}

/**
 * Whether the project forbids choosing a member (LXD's `restricted.cluster.target`, "block"
 * unless "allow" in a restricted project). Only identities that may override it can then target.
 */
export function projectBlocksTargeting(project: Pick<LxdProject, 'config'> | undefined): boolean {
  const config = project?.config ?? {};
  if (config.restricted !== 'true') return false;
  return (config['restricted.cluster.target'] ?? 'block') !== 'allow';
}
