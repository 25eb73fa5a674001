import { useState, type SyntheticEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isEtagConflict, type WithEtag } from '../../../lxd/client';
import { updateClusterMember } from '../../../lxd/endpoints/cluster';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { ConflictNotice } from '../../../shared/ui/ConflictNotice';
import { FormSubmitButton } from '../../../shared/ui/Gated';
import { TextField } from '../../../shared/ui/TextField';
import {
  isInternalRole,
  memberFormValues,
  memberPutBody,
  settableRoles,
  validateMemberForm,
  type MemberFormValues,
} from '../form';
import { clusterGroupsQuery, clusterKeys, clusterMemberQuery } from '../queries';
import { CheckboxGroup } from './CheckboxGroup';

const same = (a: MemberFormValues, b: MemberFormValues) =>
  JSON.stringify({ ...a, groups: [...a.groups].sort(), roles: [...a.roles].sort() }) ===
  JSON.stringify({ ...b, groups: [...b.groups].sort(), roles: [...b.roles].sort() });

/**
 * The Configuration tab: description, failure domain, groups and the roles LXD lets a client
 * set, saved with PUT and the ETag the form was opened with (412 keeps the form and says so).
 */
export function MemberConfigurationForm({ latest }: { latest: WithEtag<LxdClusterMember> }) {
  const client = useQueryClient();
  const notify = useNotify();
  const auth = useAuth();
  const reason = usePermissions().onServer('changeClusterMembers');
  const groups = useQuery(clusterGroupsQuery);
  const [base, setBase] = useState(latest);
  const [values, setValues] = useState(() => memberFormValues(latest));
  const [submitted, setSubmitted] = useState(false);
  const name = latest.server_name;
  const problems = validateMemberForm(values);
  const dirty = !same(values, memberFormValues(base));
  const roles = settableRoles(auth.server.api_extensions);
  const internalRoles = (base.roles ?? []).filter(isInternalRole);

  const save = useMutation({
    mutationFn: (from: WithEtag<LxdClusterMember>) =>
      updateClusterMember(name, memberPutBody(from, values), from.etag),
    onSuccess: async () => {
      notify.success(`Member ${name} updated`);
      await client.invalidateQueries({ queryKey: clusterKeys.all });
      const fresh = client.getQueryData(clusterMemberQuery(name).queryKey);
      if (fresh) {
        setBase(fresh);
        setValues(memberFormValues(fresh));
      }
      setSubmitted(false);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.groups) return;
    save.mutate(base);
  };
  const set = <K extends keyof MemberFormValues>(key: K, value: MemberFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  };

  // Groups the member is in stay choosable even before the list has loaded.
  const groupNames = [
    ...new Set([...(groups.data ?? []).map((group) => group.name), ...values.groups]),
  ].sort();
  const roleOptions = [...new Set([...roles, ...values.roles])];

  return (
    <form
      className="cluster-member-form"
      noValidate
      onSubmit={submit}
      aria-label="Member configuration"
    >
      <TextField
        label="Description"
        value={values.description}
        onChange={(value) => set('description', value)}
        disabled={reason !== undefined}
      />
      <TextField
        label="Failure domain"
        value={values.failureDomain}
        onChange={(value) => set('failureDomain', value)}
        disabled={reason !== undefined}
        help="Members in the same failure domain are not made database voters together."
      />
      <CheckboxGroup
        legend="Groups"
        options={groupNames.map((group) => ({ value: group }))}
        value={values.groups}
        onChange={(value) => set('groups', value)}
        error={submitted ? problems.groups : undefined}
        help={
          groups.error ? `Could not load the cluster groups: ${groups.error.message}` : undefined
        }
        disabledReason={() => reason}
      />
      <CheckboxGroup
        legend="Roles"
        options={roleOptions.map((role) => ({ value: role }))}
        value={values.roles}
        onChange={(value) => set('roles', value)}
        disabledReason={(role) =>
          reason ?? (roles.includes(role) ? undefined : 'This server cannot set this role')
        }
        help={
          internalRoles.length > 0
            ? `Set by the cluster itself: ${internalRoles.join(', ')}.`
            : 'The database roles are set by the cluster itself.'
        }
      />
      {save.error &&
        (isEtagConflict(save.error) ? (
          <ConflictNotice
            what="member"
            onOverwrite={() => {
              // Read the member again for its current ETag, config and internal roles.
              void client.query({ ...clusterMemberQuery(name), staleTime: 0 }).then((fresh) => {
                setBase(fresh);
                save.mutate(fresh);
              });
            }}
            onDiscard={() => {
              setBase(latest);
              setValues(memberFormValues(latest));
              save.reset();
            }}
          />
        ) : (
          <div className="p-notification--negative" role="alert">
            <div className="p-notification__content">
              <h3 className="p-notification__title">Could not save the member</h3>
              <p className="p-notification__message">{save.error.message}</p>
            </div>
          </div>
        ))}
      <div className="cluster-form-actions">
        <button
          type="button"
          className="p-button--base"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setValues(memberFormValues(base));
            setSubmitted(false);
            save.reset();
          }}
        >
          Cancel
        </button>
        <FormSubmitButton mode="edit" busy={save.isPending} dirty={dirty} reason={reason}>
          Save changes
        </FormSubmitButton>
      </div>
    </form>
  );
}
