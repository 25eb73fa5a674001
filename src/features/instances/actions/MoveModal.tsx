import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Link } from '../../../shared/routing/router';
import { rootDisk, type MoveDestination } from '../../../lxd/endpoints/instance-detail';
import type { LxdDevice } from '../../../lxd/types/instance';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { Modal } from '../../../shared/ui/Modal';
import { TargetPicker, useTargetRestriction } from '../../cluster';
import { formPoolsQuery } from '../create';
import { startActivity } from './activity';
import { pluralInstances } from './bulk';
import { isRunning, MOVE_LABELS, moveOne, moveUnsupportedReason, type MoveKind } from './move';
import { ProgressFooter, ProgressList, useInstanceProgress, type ProgressRow } from './progress';
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
const NOUN = { one: 'instance', other: 'instances' };

export const RESTART_LABEL = 'Stop running instances first and start them again after the move';

/** Where the instance now lives, for the link of a moved row. */
function movedPlace(row: ProgressRow, to: MoveDestination | undefined) {
  return to?.kind === 'project' ? to.project : row.project;
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
  const id = useId();
  const auth = useAuth();
  const permissions = usePermissions();
  const first = instances[0];
  const project = first?.project ?? auth.defaultProject;
  const single = instances.length === 1 ? first : undefined;
  const server = { clustered: auth.isClustered, extensions: auth.server.api_extensions };
  const reasons = Object.fromEntries(
    KINDS.map((kind) => [kind, moveUnsupportedReason(kind, server)]),
  ) as Record<MoveKind, string | undefined>;
  const [kind, setKind] = useState<MoveKind>(
    () => KINDS.find((candidate) => reasons[candidate] === undefined) ?? 'member',
  );
  const [member, setMember] = useState('');
  const [pool, setPool] = useState('');
  const [targetProject, setTargetProject] = useState('');
  const anyRunning = instances.some((instance) => isRunning(instance.status));
  const [restart, setRestart] = useState(true);
  const { rows, update, running, finished, summary, runEach } =
    useInstanceProgress<ProgressRow>('migrated');
  const [destination, setDestination] = useState<MoveDestination>();
  const [problem, setProblem] = useState<string>();
  const pools = useQuery({ ...formPoolsQuery(project), enabled: kind === 'pool' });
  const targetRestriction = useTargetRestriction(project);
  const currentPool = single?.devices
    ? rootDisk({ devices: single.devices, expanded_devices: single.expanded_devices ?? {} })?.[1]
        .pool
    : undefined;
  const multiProject = new Set(instances.map((instance) => instance.project)).size > 1;

  const submitReason =
    reasons[kind] ??
    permissions.onEach(NOUN, 'edit', instances) ??
    (kind === 'member' ? targetRestriction : undefined) ??
    (kind === 'project' && targetProject
      ? permissions.inProject(targetProject, 'createInstances')
      : undefined) ??
    (kind === 'project' && multiProject
      ? 'Choose instances of one project to move them to another'
      : undefined);

  const chosen = (): MoveDestination | string => {
    if (kind === 'member') return member ? { kind, member } : 'Choose the member to move to';
    if (kind === 'pool') return pool ? { kind, pool } : 'Choose the storage pool to move to';
    return targetProject ? { kind, project: targetProject } : 'Choose the project to move to';
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = chosen();
    if (typeof to === 'string') {
      setProblem(to);
      return;
    }
    setProblem(undefined);
    setDestination(to);
    await runEach(
      instances,
      instances.map((instance) => ({
        name: instance.name,
        project: instance.project,
        step: 'waiting',
      })),
      async (instance) => {
        // The row (and the detail header) show each step, even if this dialog goes away.
        let stop = startActivity(instance.project, instance.name, 'migrating');
        try {
          await moveOne(instance, to, {
            restart: restart && anyRunning,
            onStep: (step) => {
              stop = startActivity(instance.project, instance.name, step);
              update(instance, { step });
            },
          });
          onMoved?.(instance, to);
        } finally {
          stop();
        }
      },
      'migrated',
    );
  };

  const title = `Migrate ${single ? single.name : pluralInstances(instances.length)}`;

  return (
    <Modal
      title={title}
      onClose={() => {
        if (!running) onClose();
      }}
      footer={
        <ProgressFooter
          formId={`${id}-form`}
          running={running}
          finished={finished}
          reason={submitReason}
          busyLabel="Migrating…"
          label="Migrate"
          onClose={onClose}
        />
      }
    >
      {rows === undefined ? (
        <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="move-kinds">
            <legend>Move to</legend>
            {KINDS.map((candidate) => (
              <label className="p-radio" key={candidate}>
                <input
                  type="radio"
                  className="p-radio__input"
                  name={`${id}-kind`}
                  value={candidate}
                  checked={kind === candidate}
                  disabled={reasons[candidate] !== undefined}
                  onChange={() => {
                    setKind(candidate);
                    setProblem(undefined);
                  }}
                />
                <span className="p-radio__label">
                  {reasons[candidate] ? (
                    <>
                      {MOVE_LABELS[candidate]}{' '}
                      <span className="u-text--muted">({reasons[candidate]})</span>
                    </>
                  ) : (
                    MOVE_LABELS[candidate]
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          {kind === 'member' && (
            <TargetPicker
              label="Target member"
              value={member}
              onChange={setMember}
              project={project}
              withAny={false}
              withGroups={false}
              current={single?.location}
            />
          )}
          {kind === 'pool' && (
            <>
              <label htmlFor={`${id}-pool`}>Target storage pool</label>
              <select
                id={`${id}-pool`}
                value={pool}
                onChange={(event) => setPool(event.target.value)}
              >
                <option value="" disabled>
                  {pools.isPending ? 'Loading pools…' : 'Choose a pool'}
                </option>
                {(pools.data ?? []).map((name) => (
                  <option key={name} value={name} disabled={name === currentPool}>
                    {name === currentPool ? `${name} (current pool)` : name}
                  </option>
                ))}
              </select>
            </>
          )}
          {kind === 'project' && (
            <>
              <label htmlFor={`${id}-project`}>Target project</label>
              <select
                id={`${id}-project`}
                value={targetProject}
                onChange={(event) => setTargetProject(event.target.value)}
              >
                <option value="" disabled>
                  Choose a project
                </option>
                {auth.projects
                  .filter((candidate) => candidate.name !== project)
                  .map((candidate) => (
                    <option key={candidate.name} value={candidate.name}>
                      {candidate.name}
                    </option>
                  ))}
              </select>
            </>
          )}
          {anyRunning && (
            <label className="p-checkbox" htmlFor={`${id}-restart`}>
              <input
                id={`${id}-restart`}
                type="checkbox"
                className="p-checkbox__input"
                checked={restart}
                onChange={(event) => setRestart(event.target.checked)}
              />
              <span className="p-checkbox__label">{RESTART_LABEL}</span>
            </label>
          )}
          {anyRunning && !restart && (
            <p className="p-form-help-text">
              LXD may refuse to move a running instance without live migration.
            </p>
          )}
          {problem && (
            <p className="p-form-validation__message" role="alert">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <ProgressList
          rows={rows}
          summary={summary}
          label="Migration progress"
          renderRow={(row) => (
            <span className="instance-action-names__name">
              {row.done && !row.error ? (
                <Link to={paths.instance(movedPlace(row, destination), row.name)} onClick={onClose}>
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
            </span>
          )}
        />
      )}
    </Modal>
  );
}
