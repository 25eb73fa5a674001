import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { copyInstance } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { useAuth } from '../../../../shared/auth/context';
import {
  CheckboxInput,
  FormFailure,
  ResourceForm,
  SelectInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { FormModal } from '../../../../shared/ui/FormModal';
import { CopyPlacementFields } from '../../actions';
import { instanceNameCheck, instanceNameProblems, useInstanceNameLookup } from '../../create';
import { instanceKeys } from '../../keys';

interface Values {
  name: string;
  project: string;
  withSnapshots: boolean;
  /** A cluster member or `@group` ('' lets LXD choose). */
  target: string;
  /** The copy's root disk pool ('' keeps the source's). */
  pool: string;
}

/**
 * Copy: POST /1.0/instances?project={target}[&target={member}] {source: {type: copy, source:
 * name}}, with the root disk on another pool when one is chosen.
 */
export function CopyModal({ instance, onClose }: { instance: LxdInstance; onClose: () => void }) {
  const formId = useId();
  const { projects } = useAuth();
  const permissions = usePermissions();
  const notify = useNotify();
  const client = useQueryClient();
  const lookup = useInstanceNameLookup();
  const kit = useResourceForm<Values>({
    defaultValues: {
      name: `${instance.name}-copy`.slice(0, 63),
      project: instance.project,
      withSnapshots: false,
      target: '',
      pool: '',
    },
    validate: instanceNameProblems,
    // The name must be free in the project the copy goes to.
    nameCheck: instanceNameCheck<Values>(lookup, (values) => values.project),
    onSubmit: async (values) => {
      await copyInstance({
        project: instance.project,
        name: instance.name,
        newName: values.name,
        targetProject: values.project,
        instanceOnly: !values.withSnapshots,
        writable: instance,
        target: values.target,
        pool: values.pool,
      });
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      notify.success(`${instance.name} copied to ${values.name}`, undefined, [
        { label: values.name, to: paths.instance(values.project, values.name) },
      ]);
      onClose();
    },
  });
  const target = useWatch({ control: kit.form.control, name: 'project' });

  return (
    <FormModal
      title={`Copy ${instance.name}`}
      formId={formId}
      busy={kit.busy}
      submitLabel="Copy"
      busyLabel="Copying…"
      onClose={onClose}
      reason={permissions.inProject(target, 'createInstances')}
    >
      <ResourceForm kit={kit} id={formId}>
        <TextInput name="name" label="New instance name" />
        <SelectInput
          name="project"
          label="Target project"
          options={projects.map((project) => ({ value: project.name, label: project.name }))}
        />
        <CopyPlacementFields />
        <CheckboxInput name="withSnapshots" label="Copy snapshots too" />
        {kit.busy && (
          <p role="status" className="u-text--muted">
            Copying… large instances take a while.
          </p>
        )}
      </ResourceForm>
      <FormFailure failure={kit.failure} what="copy" action="create" />
    </FormModal>
  );
}
