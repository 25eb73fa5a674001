import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { CheckboxInput, ResourceForm, SelectInput, useResourceForm } from '../../../shared/forms';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import {
  DestinationChoice,
  migrationRefusal,
  otherRemotes,
  REMOTE_DESTINATION_DEFAULTS,
  remoteDestination,
  remoteDestinationProblems,
  RemoteDestinationFields,
  remoteUrl,
  useRemotes,
  type RemoteDestinationValues,
} from '../../remotes';
import { pluralInstances } from './bulk';
import { CopyPlacementFields } from './CopyPlacementFields';
import type { CopyParams } from './executors';
import { copyName } from './move';
import { ProgressList, ProgressModal, useQueuedProgress, type ProgressRow } from './progress';
import { copyJob } from './useInstanceQueue';
import './actions.scss';

/** The copy's name: "{name}-copy" here, the instance's own name on another server. */
const copyOf = (row: ProgressRow) => {
  const to = (row.params as CopyParams).to;
  return to.kind === 'here' ? to.newName : row.name;
};

interface Values extends RemoteDestinationValues {
  /** This server, or another one (a remote of the console server). */
  destination: 'here' | 'remote';
  project: string;
  /** A cluster member or `@group` ('' lets LXD choose). */
  target: string;
  /** '' keeps each source's pool. */
  pool: string;
  withSnapshots: boolean;
}

/**
 * Copies several instances at once, each as "{name}-copy", to a project, member and pool, then
 * shows the outcome of each.
 */
export function BulkCopyModal({
  instances,
  onClose,
}: {
  instances: readonly { name: string; project: string }[];
  onClose: () => void;
}) {
  const formId = useId();
  const auth = useAuth();
  const permissions = usePermissions();
  const remotes = otherRemotes(useRemotes().data);
  const progress = useQueuedProgress({ running: 'copying', done: 'copied' });
  const { rows, summary, start } = progress;
  const kit = useResourceForm<Values>({
    defaultValues: {
      project: instances[0]?.project ?? auth.defaultProject,
      target: '',
      pool: '',
      withSnapshots: false,
      destination: 'here',
      ...REMOTE_DESTINATION_DEFAULTS,
    },
    validate: (values) =>
      values.destination === 'remote' ? remoteDestinationProblems(values, false) : {},
    // One job of the bulk queue, each instance copied at most N at once per server.
    onSubmit: (values) =>
      start(
        copyJob(
          instances,
          (instance) =>
            values.destination === 'remote'
              ? { kind: 'remote', ...remoteDestination(values) }
              : {
                  kind: 'here',
                  newName: copyName(instance.name),
                  project: values.project,
                  target: values.target,
                  pool: values.pool,
                },
          { instanceOnly: !values.withSnapshots },
        ),
      ),
  });
  const project = useWatch({ control: kit.form.control, name: 'project' });
  const destination = useWatch({ control: kit.form.control, name: 'destination' });
  const remoteName = useWatch({ control: kit.form.control, name: 'remote' });
  const targetRemote = remotes.others.find((remote) => remote.name === remoteName);
  const refusal =
    destination === 'remote' ? migrationRefusal(remotes.source, targetRemote) : undefined;
  const copyHref = (row: ProgressRow) => {
    const values = kit.form.getValues();
    if (values.destination !== 'remote' || !targetRemote) return undefined;
    return remoteUrl(targetRemote, paths.instance(values.remoteProject, copyOf(row)));
  };

  return (
    <ProgressModal
      title={`Copy ${pluralInstances(instances.length)}`}
      formId={formId}
      progress={progress}
      reason={
        destination === 'remote' ? refusal : permissions.inProject(project, 'createInstances')
      }
      busyLabel="Copying…"
      label="Copy"
      onClose={onClose}
    >
      {rows === undefined ? (
        <ResourceForm kit={kit} id={formId}>
          {remotes.others.length > 0 && <DestinationChoice legend="Copy to" />}
          {destination === 'remote' ? (
            <>
              <p>On another server each copy keeps its instance&apos;s name.</p>
              <RemoteDestinationFields
                remotes={remotes.others}
                poolRequired={false}
                refusal={refusal}
              />
            </>
          ) : (
            <>
              <p>
                Each copy is named after its instance with <code>-copy</code> at the end.
              </p>
              <SelectInput
                name="project"
                label="Target project"
                options={auth.projects.map((candidate) => ({
                  value: candidate.name,
                  label: candidate.name,
                }))}
              />
              <CopyPlacementFields />
            </>
          )}
          <CheckboxInput name="withSnapshots" label="Copy snapshots too" />
        </ResourceForm>
      ) : (
        <ProgressList
          rows={rows}
          summary={summary}
          label="Copy progress"
          renderRow={(row) => (
            <>
              <span className="instance-action-names__name">{row.name}</span>
              {' → '}
              {row.done && !row.error && copyHref(row) ? (
                <a href={copyHref(row)}>{copyOf(row)}</a>
              ) : row.done && !row.error ? (
                <Link to={paths.instance(project, copyOf(row))} onClick={onClose}>
                  {copyOf(row)}
                </Link>
              ) : (
                copyOf(row)
              )}
            </>
          )}
        />
      )}
    </ProgressModal>
  );
}
