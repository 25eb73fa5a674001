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
import { volumeNameTaken, volumePoolsQuery } from '../queries';
import { copyTargetError, moveTargetError, volumeNameError } from '../rules';

export interface CopyMoveTarget {
  pool: string;
  project: string;
  name: string;
  withSnapshots: boolean;
}

/** Where the name must be free: the target project and pool. */
const scopeOf = (target: Pick<CopyMoveTarget, 'project' | 'pool'>) =>
  JSON.stringify([target.project, target.pool]);

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
}: {
  kind: 'copy' | 'move';
  source: VolumeLocation;
  onSubmit: (target: CopyMoveTarget) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const { projects } = useAuth();
  const pools = useQuery(volumePoolsQuery(source.project));
  const kit = useResourceForm<CopyMoveTarget>({
    defaultValues: {
      pool: source.pool,
      project: source.project,
      name: kind === 'copy' ? `${source.name}-copy` : source.name,
      withSnapshots: true,
    },
    validate: (values) => (kind === 'copy' ? { name: volumeNameError(values.name.trim()) } : {}),
    nameCheck: {
      field: 'name',
      lookup: (name, signal, scope) => {
        // Staying put is refused below: the volume's own name is not "taken" there.
        if (scope === scopeOf(source)) return Promise.resolve(false);
        const [project = '', pool = ''] = JSON.parse(scope ?? '[]') as string[];
        return volumeNameTaken(project, pool, name, signal);
      },
      scope: scopeOf,
      message: STORAGE_VOLUME_NAME_EXISTS,
    },
    onSubmit: async (values) => {
      await onSubmit({ ...values, name: values.name.trim() });
      onClose();
    },
  });
  const target = useWatch({ control: kit.form.control }) as CopyMoveTarget;
  const targetError =
    kind === 'copy'
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
        <SelectInput name="pool" label="Target pool" options={poolOptions} disabled={kit.busy} />
        <SelectInput
          name="project"
          label="Target project"
          options={projects.map((candidate) => ({ value: candidate.name, label: candidate.name }))}
          disabled={kit.busy}
        />
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
        {targetError && (
          <p className="p-form-help-text volume-dialog__rule" role="status">
            {targetError}.
          </p>
        )}
        <FormFailure failure={kit.failure} what="volume" action={kind} />
      </ResourceForm>
    </FormModal>
  );
}
