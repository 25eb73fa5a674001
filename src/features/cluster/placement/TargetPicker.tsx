import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { serverProductName } from '../../../lxd/product';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { clusterGroupsQuery, clusterMembersQuery } from '../queries';
import {
  anyMemberLabel,
  groupOptions,
  memberOptions,
  projectBlocksTargeting,
  type TargetOption,
} from './targets';

/**
 * Why the identity may not choose a member in `project`: the project blocks targeting and the
 * identity lacks `can_override_cluster_target_restriction` (fine-grained mode only).
 */
export function useTargetRestriction(project: string): string | undefined {
  const { projects } = useAuth();
  const permissions = usePermissions();
  const blocked = projectBlocksTargeting(projects.find((candidate) => candidate.name === project));
  return blocked ? permissions.onServer('overrideClusterTarget') : undefined;
}

export interface TargetPickerProps {
  /** '' (any member), a member's name or `@group`. */
  value: string;
  onChange: (value: string) => void;
  /** The project the object is created in (its `restricted.cluster.target`). */
  project: string;
  label?: string;
  /** The text of the "no target" choice ("Any member (LXD chooses)" by default). */
  anyLabel?: string;
  /** Offer cluster groups (instances); volumes are placed on members only. */
  withGroups?: boolean;
  /** Offer "Any member" (creation); a move needs a member. */
  withAny?: boolean;
  /** The member the object is on now: shown, not selectable. */
  current?: string | undefined;
  help?: string;
  disabled?: boolean;
}

function Option({ option }: { option: TargetOption }) {
  return (
    <option value={option.value} disabled={option.disabledReason !== undefined}>
      {option.label}
    </option>
  );
}

/**
 * Where in the cluster to put something: any member, one member (offline ones shown disabled
 * with their status) or a cluster group. Renders nothing on a standalone server.
 */
export function TargetPicker({
  value,
  onChange,
  project,
  label = 'Cluster member',
  anyLabel,
  withGroups = true,
  withAny = true,
  current,
  help,
  disabled = false,
}: TargetPickerProps) {
  const id = useId();
  const auth = useAuth();
  const groupsSupported = withGroups && hasServerExtension(auth, 'clustering_groups');
  const members = useQuery({ ...clusterMembersQuery, enabled: auth.isClustered });
  const groups = useQuery({
    ...clusterGroupsQuery,
    enabled: auth.isClustered && groupsSupported,
  });
  const restriction = useTargetRestriction(project);
  if (!auth.isClustered) return null;

  const members_ = memberOptions(members.data ?? [], current);
  const groups_ = groupsSupported ? groupOptions(groups.data ?? [], members.data ?? []) : [];
  const problem = members.error
    ? `Could not load the cluster members: ${members.error.message}`
    : undefined;
  const described = [restriction && `${id}-reason`, (help || problem) && `${id}-help`]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="p-form__group target-picker">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled || restriction !== undefined}
        title={restriction}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {withAny && (
          <option value="">{anyLabel ?? anyMemberLabel(serverProductName(auth.server))}</option>
        )}
        {!withAny && value === '' && (
          <option value="" disabled>
            {members.isPending ? 'Loading members…' : 'Choose a member'}
          </option>
        )}
        {withAny && members.isPending && <option disabled>Loading members…</option>}
        {groups_.length > 0 ? (
          <>
            <optgroup label="Members">
              {members_.map((option) => (
                <Option key={option.value} option={option} />
              ))}
            </optgroup>
            <optgroup label="Cluster groups">
              {groups_.map((option) => (
                <Option key={option.value} option={option} />
              ))}
            </optgroup>
          </>
        ) : (
          members_.map((option) => <Option key={option.value} option={option} />)
        )}
      </select>
      {restriction && (
        <p className="p-form-help-text" id={`${id}-reason`}>
          {restriction}
        </p>
      )}
      {(help || problem) && (
        <p className="p-form-help-text" id={`${id}-help`} role={problem ? 'alert' : undefined}>
          {problem ?? help}
        </p>
      )}
    </div>
  );
}
