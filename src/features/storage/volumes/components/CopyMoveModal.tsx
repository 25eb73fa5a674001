import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { useAuth } from '../../../../shared/auth/context';
import {
  CheckboxInput,
  FormFailure,
  ResourceForm,
  SelectInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import { FormModal } from '../../../../shared/ui/FormModal';
import { STORAGE_VOLUME_NAME_EXISTS } from '../../../../shared/validation';
import {
  DestinationChoice,
  migrationRefusal,
  otherRemotes,
  REMOTE_DESTINATION_DEFAULTS,
  remoteDestination,
  remoteDestinationProblems,
  RemoteDestinationFields,
  useRemotes,
  type RemoteDestination,
  type RemoteDestinationValues,
} from '../../../remotes';
import { volumeNameTaken, volumePoolsQuery } from '../queries';
import { copyTargetError, moveTargetError, volumeNameError } from '../rules';

export interface CopyMoveTarget {
  pool: string;
  project: string;
  name: string;
  withSnapshots: boolean;
  /** Set when the volume goes to another server: then `pool` and `project` are not used. */
  elsewhere?: RemoteDestination | undefined;
}

interface Values extends Omit<CopyMoveTarget, 'elsewhere'>, RemoteDestinationValues {
  destination: 'here' | 'remote';
}

/** Where the name must be free: the target project and pool (on this server). */
const scopeOf = (target: Pick<Values, 'project' | 'pool' | 'destination'>) =>
  JSON.stringify([target.project, target.pool, target.destination]);

/**
 * Copy (to another pool and/or project, under a new name) or move (to another pool or project)
 * of a custom volume. The name is checked in the target pool and project as it is typed (a move
 * keeps the name: it must be free where the volume goes).
 */
export function CopyMoveModal({
  kind,
  source,
  onSubmit,
  onClose,
  remoteBlocker,
}: {
  kind: 'copy' | 'move';
  source: VolumeLocation;
  /** Why the volume may not go to another server (a move of a volume in use), if so. */
  remoteBlocker?: string | undefined;
  onSubmit: (target: CopyMoveTarget) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const { projects } = useAuth();
  const pools = useQuery(volumePoolsQuery(source.project));
  const remotes = otherRemotes(useRemotes().data);
  const kit = useResourceForm<Values>({
    defaultValues: {
      pool: source.pool,
      project: source.project,
      name: kind === 'copy' ? `${source.name}-copy` : source.name,
      withSnapshots: true,
      destination: 'here',
      ...REMOTE_DESTINATION_DEFAULTS,
    },
    validate: (values) => ({
      ...(kind === 'copy' ? { name: volumeNameError(values.name.trim()) } : {}),
      ...(values.destination === 'remote' ? remoteDestinationProblems(values, true) : {}),
    }),
    nameCheck: {
      field: 'name',
      lookup: (name, signal, scope) => {
        const [project = '', pool = '', destination] = JSON.parse(scope ?? '[]') as string[];
        // Staying put is refused below: the volume's own name is not "taken" there. Another
        // server answers for itself when the volume arrives.
        if (destination === 'remote') return Promise.resolve(false);
        if (scope === scopeOf({ ...source, destination: 'here' })) return Promise.resolve(false);
        return volumeNameTaken(project, pool, name, signal);
      },
      scope: scopeOf,
      message: STORAGE_VOLUME_NAME_EXISTS,
    },
    onSubmit: async (values) => {
      await onSubmit({
        pool: values.pool,
        project: values.project,
        name: values.name.trim(),
        withSnapshots: values.withSnapshots,
        elsewhere: values.destination === 'remote' ? remoteDestination(values) : undefined,
      });
      onClose();
    },
  });
  const target = useWatch({ control: kit.form.control }) as Values;
  const toRemote = target.destination === 'remote';
  const targetRemote = remotes.others.find((remote) => remote.name === target.remote);
  const targetError = toRemote
    ? (migrationRefusal(remotes.source, targetRemote, 'volumes') ??
      (targetRemote ? remoteBlocker : undefined))
    : kind === 'copy'
      ? copyTargetError(source, { ...target, name: target.name.trim() })
      : moveTargetError(source, target);
  const nameProblem = kit.form.formState.errors.name?.message;
  const copying = kind === 'copy';

  const poolOptions = (pools.data ?? []).map((candidate) => ({
    value: candidate.name,
    label: `${candidate.name} (${storageDriverLabel(candidate.driver)})`,
  }));
  const title = copying ? `Copy volume ${source.name}` : `Move volume ${source.name}`;
  return (
    <FormModal
      title={title}
      formId={formId}
      busy={kit.busy}
      submitLabel={copying ? 'Copy' : 'Move'}
      busyLabel={copying ? 'Copying…' : 'Moving…'}
      onClose={onClose}
      reason={targetError}
    >
      <ResourceForm kit={kit} id={formId} label={title}>
        {remotes.others.length > 0 && (
          <DestinationChoice legend={copying ? 'Copy to' : 'Move to'} disabled={kit.busy} />
        )}
        {toRemote ? (
          <RemoteDestinationFields remotes={remotes.others} poolRequired refusal={targetError} />
        ) : (
          <>
            <SelectInput
              name="pool"
              label="Target pool"
              options={poolOptions}
              disabled={kit.busy}
            />
            <SelectInput
              name="project"
              label="Target project"
              options={projects.map((candidate) => ({
                value: candidate.name,
                label: candidate.name,
              }))}
              disabled={kit.busy}
            />
          </>
        )}
        {copying ? (
          <>
            <TextInput name="name" label="New volume name" disabled={kit.busy} />
            <CheckboxInput
              name="withSnapshots"
              label="Copy the snapshots too"
              disabled={kit.busy}
            />
          </>
        ) : (
          <>
            {nameProblem && (
              <p className="p-form-validation__message" role="alert">
                {nameProblem}
              </p>
            )}
            <p className="p-form-help-text">
              Moving copies the volume and its snapshots, then deletes the original. Instances using
              it must be stopped.
            </p>
          </>
        )}
        {targetError && !toRemote && (
          <p className="p-form-help-text volume-dialog__rule" role="status">
            {targetError}.
          </p>
        )}
        <FormFailure failure={kit.failure} what="volume" action={kind} />
      </ResourceForm>
    </FormModal>
  );
}
