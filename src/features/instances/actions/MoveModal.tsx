import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link } from '../../../shared/routing/router';
import { rootDisk, type MoveDestination } from '../../../lxd/endpoints/instance-detail';
import type { LxdDevice } from '../../../lxd/types/instance';
import { useAuth } from '../../../shared/auth/context';
import { useProductName } from '../../../shared/auth/product';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import {
  CheckboxInput,
  ResourceForm,
  SelectInput,
  useResourceForm,
  type Problems,
} from '../../../shared/forms';
import { paths } from '../../../shared/routing/paths';
import { TargetPicker, useTargetRestriction } from '../../cluster';
import {
  migrationRefusal,
  otherRemotes,
  REMOTE_DESTINATION_DEFAULTS,
  REMOTE_DESTINATION_LABEL,
  remoteDestination,
  remoteDestinationProblems,
  RemoteDestinationFields,
  remoteUrl,
  STOP_FIRST,
  useRemotes,
  type RemoteDestinationValues,
} from '../../remotes';
import { formPoolsQuery } from '../create';
import { INSTANCE_NOUN, pluralInstances } from './bulk';
import type { MigrateDestination, MigrateParams } from './executors';
import { isRunning, MOVE_LABELS, moveUnsupportedReason, type MoveKind } from './move';
import { ProgressList, ProgressModal, useQueuedProgress, type ProgressRow } from './progress';
import { migrateJob } from './useInstanceQueue';
import './actions.scss';

/** What the dialog needs of each instance (a list row or the detail page's instance). */
export interface MovableInstance {
  name: string;
  project: string;
  status: string;
  location: string;
  access_entitlements?: string[] | undefined;
  devices?: Record<string, LxdDevice> | undefined;
  expanded_devices?: Record<string, LxdDevice> | undefined;
}

const KINDS: readonly MoveKind[] = ['member', 'pool', 'project'];

/** A move here (member, pool, project) or to another server. */
type Kind = MoveKind | 'remote';

const KIND_LABELS: Record<Kind, string> = { ...MOVE_LABELS, remote: REMOTE_DESTINATION_LABEL };

interface Values extends RemoteDestinationValues {
  kind: Kind;
  member: string;
  pool: string;
  project: string;
  restart: boolean;
}

/** The destination field of each kind of move, and what it says when nothing is chosen. */
const DESTINATION: Record<MoveKind, { field: 'member' | 'pool' | 'project'; missing: string }> = {
  member: { field: 'member', missing: 'Choose the member to move to' },
  pool: { field: 'pool', missing: 'Choose the storage pool to move to' },
  project: { field: 'project', missing: 'Choose the project to move to' },
};

function destinationProblems(values: Values): Problems {
  if (values.kind === 'remote') return remoteDestinationProblems(values, false);
  const { field, missing } = DESTINATION[values.kind];
  return { [field]: values[field] ? undefined : missing };
}

function destinationOf(values: Values): MoveDestination {
  if (values.kind === 'member') return { kind: 'member', member: values.member };
  if (values.kind === 'pool') return { kind: 'pool', pool: values.pool };
  return { kind: 'project', project: values.project };
}

export const RESTART_LABEL = 'Stop running instances first and start them again after the move';

/** Where the instance now lives, for the link of a moved row. */
function movedPlace(row: ProgressRow, to: MoveDestination) {
  return to.kind === 'project' ? to.project : row.project;
}

/**
 * Migrate: move instances to another cluster member, storage pool or project
 * (POST /1.0/instances/{name} {name, migration: true, …}), each tracked to its end with its
 * progress, then the outcome per instance.
 */
export function MoveModal({
  instances,
  onClose,
  onMoved,
}: {
  instances: readonly MovableInstance[];
  onClose: () => void;
  /** Each instance that moved (the detail page follows one that changed project). */
  onMoved?: (instance: MovableInstance, to: MoveDestination) => void;
}) {
  const formId = useId();
  const auth = useAuth();
  const product = useProductName();
  const permissions = usePermissions();
  const first = instances[0];
  const project = first?.project ?? auth.defaultProject;
  const single = instances.length === 1 ? first : undefined;
  const server = { clustered: auth.isClustered, extensions: auth.server.api_extensions };
  const remotes = otherRemotes(useRemotes().data);
  const kinds: readonly Kind[] = remotes.others.length > 0 ? [...KINDS, 'remote'] : KINDS;
  const reasons = Object.fromEntries(
    KINDS.map((kind) => [kind, moveUnsupportedReason(kind, server)]),
  ) as Record<Kind, string | undefined>;
  const anyRunning = instances.some((instance) => isRunning(instance.status));
  const progress = useQueuedProgress({ running: 'migrating', done: 'migrated' });
  const { rows, summary, start } = progress;
  const kit = useResourceForm<Values>({
    defaultValues: {
      kind: kinds.find((candidate) => reasons[candidate] === undefined) ?? 'member',
      member: '',
      pool: '',
      project: '',
      restart: true,
      ...REMOTE_DESTINATION_DEFAULTS,
    },
    validate: destinationProblems,
    // One job of the bulk queue: each instance is stopped first when asked, moved (or sent to
    // the other server and deleted here), and started again, at most N at once.
    onSubmit: async (values) => {
      const to: MigrateDestination =
        values.kind === 'remote'
          ? { kind: 'remote', ...remoteDestination(values) }
          : destinationOf(values);
      await start(migrateJob(instances, to, { restart: values.restart && anyRunning }));
    },
  });
  // Each instance that arrived, once (the detail page follows one to its new project).
  const reported = useRef(new Set<string>());
  useEffect(() => {
    if (!onMoved || !rows) return;
    for (const row of rows) {
      const key = `${row.project}/${row.name}`;
      const { to } = row.params as MigrateParams;
      if (to.kind === 'remote' || !row.done || row.error || reported.current.has(key)) continue;
      reported.current.add(key);
      const instance = instances.find(
        (candidate) => candidate.name === row.name && candidate.project === row.project,
      );
      if (instance) onMoved(instance, to);
    }
  }, [rows, instances, onMoved]);
  const { control } = kit.form;
  const kind = useWatch({ control, name: 'kind' });
  const remoteName = useWatch({ control, name: 'remote' });
  const targetRemote = remotes.others.find((remote) => remote.name === remoteName);
  const refusal = migrationRefusal(remotes.source, targetRemote);
  const targetProject = useWatch({ control, name: 'project' });
  const restart = useWatch({ control, name: 'restart' });
  const { field: member, fieldState: memberState } = useController({ control, name: 'member' });
  const pools = useQuery({ ...formPoolsQuery(project), enabled: kind === 'pool' });
  const targetRestriction = useTargetRestriction(project);
  const currentPool = single?.devices
    ? rootDisk({ devices: single.devices, expanded_devices: single.expanded_devices ?? {} })?.[1]
        .pool
    : undefined;
  const multiProject = new Set(instances.map((instance) => instance.project)).size > 1;

  const submitReason =
    reasons[kind] ??
    (kind === 'remote' ? (refusal ?? (anyRunning ? STOP_FIRST : undefined)) : undefined) ??
    permissions.onEach(INSTANCE_NOUN, 'edit', instances) ??
    (kind === 'member' ? targetRestriction : undefined) ??
    (kind === 'project' && targetProject
      ? permissions.inProject(targetProject, 'createInstances')
      : undefined) ??
    (kind === 'project' && multiProject
      ? 'Choose instances of one project to move them to another'
      : undefined);

  const remoteHref = (row: ProgressRow) => {
    const values = kit.form.getValues();
    const remote = remotes.others.find((candidate) => candidate.name === values.remote);
    const path = paths.instance(values.remoteProject, row.name);
    return remote ? remoteUrl(remote, path) : path;
  };

  const title = `Migrate ${single ? single.name : pluralInstances(instances.length)}`;

  return (
    <ProgressModal
      title={title}
      formId={formId}
      progress={progress}
      reason={submitReason}
      busyLabel="Migrating…"
      label="Migrate"
      onClose={onClose}
    >
      {rows === undefined ? (
        <ResourceForm kit={kit} id={formId}>
          <fieldset className="move-kinds">
            <legend>Move to</legend>
            {kinds.map((candidate) => (
              <label className="p-radio" key={candidate}>
                <input
                  type="radio"
                  className="p-radio__input"
                  value={candidate}
                  disabled={reasons[candidate] !== undefined}
                  {...kit.form.register('kind')}
                />
                <span className="p-radio__label">
                  {reasons[candidate] ? (
                    <>
                      {KIND_LABELS[candidate]}{' '}
                      <span className="u-text--muted">({reasons[candidate]})</span>
                    </>
                  ) : (
                    KIND_LABELS[candidate]
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          {kind === 'member' && (
            <>
              <TargetPicker
                label="Target member"
                value={member.value}
                onChange={member.onChange}
                project={project}
                withAny={false}
                withGroups={false}
                current={single?.location}
              />
              {memberState.error && (
                <p className="p-form-validation__message" role="alert">
                  {memberState.error.message}
                </p>
              )}
            </>
          )}
          {kind === 'pool' && (
            <SelectInput
              name="pool"
              label="Target storage pool"
              empty={pools.isPending ? 'Loading pools…' : 'Choose a pool'}
              options={(pools.data ?? []).map((name) => ({
                value: name,
                label: name === currentPool ? `${name} (current pool)` : name,
                disabled: name === currentPool,
              }))}
            />
          )}
          {kind === 'project' && (
            <SelectInput
              name="project"
              label="Target project"
              empty="Choose a project"
              options={auth.projects
                .filter((candidate) => candidate.name !== project)
                .map((candidate) => ({ value: candidate.name, label: candidate.name }))}
            />
          )}
          {kind === 'remote' && (
            <>
              <RemoteDestinationFields
                remotes={remotes.others}
                poolRequired={false}
                refusal={refusal}
              />
              {anyRunning && (
                <p className="p-form-validation__message" role="status">
                  {STOP_FIRST}
                </p>
              )}
            </>
          )}
          {anyRunning && kind !== 'remote' && (
            <CheckboxInput
              name="restart"
              label={RESTART_LABEL}
              help={
                restart
                  ? undefined
                  : `${product} may refuse to move a running instance without live migration.`
              }
            />
          )}
        </ResourceForm>
      ) : (
        <ProgressList
          rows={rows}
          summary={summary}
          label="Migration progress"
          renderRow={(row) => (
            <span className="instance-action-names__name">
              {row.done && !row.error && kit.form.getValues('kind') === 'remote' ? (
                <a href={remoteHref(row)}>{row.name}</a>
              ) : row.done && !row.error ? (
                <Link
                  to={paths.instance(
                    movedPlace(row, destinationOf(kit.form.getValues())),
                    row.name,
                  )}
                  onClick={onClose}
                >
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
            </span>
          )}
        />
      )}
    </ProgressModal>
  );
}
