import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isEtagConflict } from '../../../../lxd/client';
import type { LxdStoragePool } from '../../../../lxd/types/storage';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { useNavigate } from '../../../../shared/routing/router';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { poolToValues, updateRequests, type PoolFormValues } from '../form';
import { ifMatch, poolMemberQuery, poolQuery, useUpdatePool, versioned } from '../queries';
import { poolLocations } from '../rules';
import type { PoolSectionId } from '../sections';
import { UpdateFailedNotice } from './FanOutNotice';
import { PoolForm } from './PoolForm';

/** What the form was opened with: the pool and, in a cluster, each member's view of it. */
interface EditState {
  pool: LxdStoragePool;
  members: Record<string, LxdStoragePool>;
  /** One version for all of them (their ETags, or their content where LXD sends none). */
  etag: string;
}

function editState(pool: LxdStoragePool, members: Record<string, LxdStoragePool>): EditState {
  const version = (item: LxdStoragePool) => versioned(item).etag ?? '';
  return {
    pool,
    members,
    etag: JSON.stringify([
      version(pool),
      ...Object.keys(members)
        .sort()
        .map((member) => [member, version(members[member] as LxdStoragePool)]),
    ]),
  };
}

function PoolEdit({
  project,
  latest,
  section,
  readOnlyReason,
}: {
  project: string;
  latest: EditState;
  section: PoolSectionId;
  readOnlyReason: string | undefined;
}) {
  const { isFineGrained } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNotify();
  const update = useUpdatePool(latest.pool.name);
  const fetched = useRef(new Map<string, EditState>());
  const name = latest.pool.name;

  const edit = useVersionedEdit<EditState, PoolFormValues>({
    what: 'storage pool',
    latest,
    fetchLatest: async () => {
      const pool = await client.query({
        ...poolQuery(project, name, isFineGrained),
        staleTime: 0,
      });
      const views = await Promise.all(
        Object.keys(latest.members).map((member) =>
          client.query({ ...poolMemberQuery(project, name, member), staleTime: 0 }),
        ),
      );
      const members: Record<string, LxdStoragePool> = {};
      Object.keys(latest.members).forEach((member, i) => {
        const view = views[i];
        if (view) members[member] = view;
      });
      const state = editState(pool, members);
      fetched.current.set(state.etag, state);
      return state;
    },
    send: (values, token, onSaved) => {
      const state =
        (token === edit.base.etag ? edit.base : fetched.current.get(token ?? '')) ?? latest;
      const etags = Object.fromEntries(
        Object.entries(state.members).map(([member, view]) => [member, ifMatch(view.etag)]),
      );
      const { body, members } = updateRequests(
        poolToValues(state.pool, state.members),
        values,
        etags,
      );
      update.mutate(
        { body, members, etag: ifMatch(state.pool.etag) },
        {
          onSuccess: () => {
            notify.success('Storage pool updated', `Storage pool ${name} was saved.`);
            onSaved();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });

  const notice =
    update.error && !isEtagConflict(update.error) ? (
      <UpdateFailedNotice error={update.error} />
    ) : (
      edit.notice
    );
  return (
    <PoolForm
      key={edit.formKey}
      mode="edit"
      initial={poolToValues(edit.base.pool, edit.base.members)}
      members={Object.keys(edit.base.members).sort()}
      status={latest.pool.status}
      section={section}
      onSectionChange={(next) =>
        void navigate(paths.storagePool(project, name, 'configuration', next))
      }
      onSubmit={edit.save}
      busy={update.isPending}
      readOnlyReason={readOnlyReason}
      onDirtyChange={edit.onDirtyChange}
      notice={notice}
    />
  );
}

/**
 * The configuration tab: the pool form on the version it was opened with (its ETag goes back
 * as If-Match; 412 keeps the edits and offers a choice), on the section of the address
 * (`…/configuration/{section}`; choosing another section changes the address). In a cluster
 * each member's view is read first: the member-specific keys are edited per member.
 */
export function PoolConfiguration({
  project,
  pool,
  clustered,
  section,
  readOnlyReason,
}: {
  project: string;
  pool: LxdStoragePool;
  clustered: boolean;
  section: PoolSectionId;
  /** Why the identity may not change it (spec §6), if so. */
  readOnlyReason: string | undefined;
}) {
  const locations = clustered ? poolLocations(pool) : [];
  const views = useQueries({
    queries: locations.map((member) => poolMemberQuery(project, pool.name, member)),
  });
  const failed = views.find((view) => view.error);
  if (failed?.error) {
    return (
      <ErrorNotice
        title="Could not load the pool on every cluster member"
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (views.some((view) => view.data === undefined)) {
    return <Loader text="Loading the pool on each member…" />;
  }
  const members = Object.fromEntries(
    locations.map((member, index) => [member, views[index]?.data as LxdStoragePool]),
  );
  return (
    <PoolEdit
      project={project}
      latest={editState(pool, members)}
      section={section}
      readOnlyReason={readOnlyReason}
    />
  );
}
