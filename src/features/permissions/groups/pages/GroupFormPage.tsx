import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../../../shared/routing/router';
import { deleteGroup, renameGroup } from '../../../../lxd/endpoints/auth';
import type { WithEtag } from '../../../../lxd/client';
import type { LxdAuthGroup } from '../../../../lxd/types/auth';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { canOnServer } from '../../../../shared/permissions/entitlements';
import { objectDenial } from '../../../../shared/permissions/rules';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { ErrorNotice } from '../../../../shared/ui/States';
import {
  groupQuery,
  groupsQuery,
  identitiesQuery,
  idpGroupsQuery,
  useAccessMutation,
} from '../../access';
import { bulkFailures, type BulkOutcome } from '../../../../shared/pages/bulk';
import { validateGroupName } from '../../access';
import { authMethodLabel, editIdentityBlocker, identityKey, identityLabel } from '../../identities';
import { permissionsKeys } from '../../keys';
import { GroupForm, type MemberChoice } from '../components/GroupForm';
import {
  emptyGroupValues,
  groupToValues,
  saveGroup,
  splitIdentityKey,
  type GroupFormValues,
} from '../form';
import { GROUP_MESSAGES } from '../rules';
import '../../permissions.scss';

/** Identities that groups apply to, with the members the list does not show (by identifier). */
function useMemberChoices(members: readonly string[]) {
  const { isFineGrained } = useAuth();
  const identities = useQuery(identitiesQuery(isFineGrained));
  const idpGroups = useQuery(idpGroupsQuery(isFineGrained));
  const items = useMemo((): MemberChoice[] | undefined => {
    if (!identities.data) return undefined;
    const listed = identities.data
      .filter((identity) => editIdentityBlocker(identity, false) === undefined)
      .map((identity) => ({
        value: identityKey(identity),
        label: identityLabel(identity),
        hint: authMethodLabel(identity.authentication_method),
      }));
    const unknown = members
      .filter((key) => !listed.some((item) => item.value === key))
      .map((key) => {
        const [method, id] = splitIdentityKey(key);
        const known = identities.data.find((identity) => identityKey(identity) === key);
        return {
          value: key,
          label: known ? identityLabel(known) : id,
          hint: authMethodLabel(method),
        };
      });
    return [...listed, ...unknown];
  }, [identities.data, members]);
  const idpNames = useMemo(() => idpGroups.data?.map((group) => group.name), [idpGroups.data]);
  return { identities: items, idpGroups: idpNames };
}

/** The save of a group, and a notification naming the memberships LXD refused. */
function useSaveGroup(identities: readonly MemberChoice[] | undefined) {
  const notify = useNotify();
  const save = useAccessMutation(saveGroup);
  const label = (item: string) => {
    if (item.startsWith('idp:')) return `IdP group ${item.slice(4)}`;
    const key = item.slice('identity:'.length);
    return `identity ${identities?.find((choice) => choice.value === key)?.label ?? key}`;
  };
  const reportFailures = (outcome: BulkOutcome<string>) => {
    if (outcome.failed.length === 0) return;
    const count = outcome.failed.length;
    notify.failure(
      count === 1
        ? 'A membership was not changed'
        : `${String(count)} memberships were not changed`,
      bulkFailures(outcome, label),
    );
  };
  return { save, reportFailures };
}

/** The page's title under a link back to the groups, with the page's actions. */
function GroupHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <nav aria-label="Breadcrumb" className="access-breadcrumb">
          <Link to={paths.permissionsGroups()}>Groups</Link>
        </nav>
        <h1 className="p-heading--4 page-header__title" id="group-heading">
          {title}
        </h1>
      </div>
      {children}
    </header>
  );
}

/** /ui/permissions/groups/create */
function GroupCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { isFineGrained, server } = useAuth();
  const groups = useQuery(groupsQuery(isFineGrained));
  const choices = useMemberChoices([]);
  const { save, reportFailures } = useSaveGroup(choices.identities);
  const allowed = canOnServer(isFineGrained, 'createGroups', server);
  const existing = useMemo(() => (groups.data ?? []).map((group) => group.name), [groups.data]);

  const submit = async (values: GroupFormValues) => {
    const outcome = await save.mutateAsync({ before: undefined, values, etag: undefined });
    notify.success('Group created', `Group ${values.name} was created.`);
    reportFailures(outcome);
    void navigate(paths.permissionsGroup(values.name));
  };

  return (
    <section className="page access-page" aria-labelledby="group-heading">
      <GroupHeader title="Create group" />
      <GroupForm
        mode="create"
        initial={emptyGroupValues()}
        identities={choices.identities}
        idpGroups={choices.idpGroups}
        validateName={(name) => validateGroupName('Group', name, existing)}
        onSubmit={submit}
        busy={save.isPending}
        readOnlyReason={allowed ? undefined : GROUP_MESSAGES.noCreate}
        onCancel={() => void navigate(paths.permissionsGroups())}
      />
    </section>
  );
}

interface Submitted {
  values: GroupFormValues;
  /** The version the form was opened with: what the summary and the memberships compare to. */
  before: GroupFormValues;
}

/** The form of an existing group: saved against the ETag it was read with (412 = conflict). */
function GroupEditor({
  latest,
  readOnlyReason,
}: {
  latest: WithEtag<LxdAuthGroup>;
  readOnlyReason: string | undefined;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const initialMembers = useMemo(() => groupToValues(latest).identities, [latest]);
  const choices = useMemberChoices(initialMembers);
  const { save, reportFailures } = useSaveGroup(choices.identities);
  const edit = useVersionedEdit<WithEtag<LxdAuthGroup>, Submitted>({
    what: 'group',
    latest,
    fetchLatest: () => client.query({ ...groupQuery(latest.name), staleTime: 0 }),
    send: ({ values, before }, etag, onSaved) => {
      save.mutate(
        { before, values, etag },
        {
          onSuccess: (outcome) => {
            notify.success('Group saved', `Group ${latest.name} was saved.`);
            reportFailures(outcome);
            onSaved();
          },
        },
      );
    },
    isSaving: save.isPending,
    error: save.error,
    resetError: save.reset,
  });
  const initial = useMemo(() => groupToValues(edit.base), [edit.base]);

  return (
    <GroupForm
      key={edit.formKey}
      mode="edit"
      initial={initial}
      identities={choices.identities}
      idpGroups={choices.idpGroups}
      validateName={() => undefined}
      onSubmit={(values) => edit.save({ values, before: initial })}
      busy={save.isPending}
      readOnlyReason={readOnlyReason}
      notice={edit.notice}
      onDirtyChange={edit.onDirtyChange}
      onCancel={() => void navigate(paths.permissionsGroups())}
    />
  );
}

/** /ui/permissions/group/{name}: edit, rename and delete a group. */
function GroupEdit({ name }: { name: string }) {
  const navigate = useNavigate();
  const { isFineGrained } = useAuth();
  const detail = useQuery(groupQuery(name));
  const list = useQuery(groupsQuery(isFineGrained));
  const listed = list.data?.find((group) => group.name === name);
  const editReason = objectDenial(isFineGrained, 'edit', 'group', listed);
  const renameReason = objectDenial(isFineGrained, 'rename', 'group', listed);
  const deleteReason = objectDenial(isFineGrained, 'delete', 'group', listed);
  const existing = (list.data ?? []).map((group) => group.name);
  const rename = useAccessMutation(
    (newName: string) => renameGroup(name, newName),
    () => permissionsKeys.group(name),
  );
  const remove = useAccessMutation(
    () => deleteGroup(name),
    () => permissionsKeys.group(name),
  );

  return (
    <section className="page access-page" aria-labelledby="group-heading">
      <GroupHeader title={name}>
        {detail.data && (
          <RenameDeleteActions
            kind="group"
            name={name}
            renameReason={renameReason}
            deleteReason={deleteReason}
            validate={(newName) => validateGroupName('Group', newName, existing, name)}
            rename={(newName) => rename.mutateAsync(newName)}
            remove={() => remove.mutateAsync(undefined)}
            onRenamed={(newName) =>
              void navigate(paths.permissionsGroup(newName), { replace: true })
            }
            onDeleted={() => void navigate(paths.permissionsGroups())}
          />
        )}
      </GroupHeader>
      {detail.isPending && <Loader text="Loading the group…" />}
      {detail.error && (
        <ErrorNotice
          title="Could not load the group"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      )}
      {detail.data && <GroupEditor latest={detail.data} readOnlyReason={editReason} />}
    </section>
  );
}

/**
 * /ui/permissions/groups/create and /ui/permissions/group/{name}: a group's description,
 * permissions, identities and IdP groups.
 */
export function GroupFormPage() {
  const { name } = useParams();
  return name === undefined ? <GroupCreate /> : <GroupEdit key={name} name={name} />;
}
