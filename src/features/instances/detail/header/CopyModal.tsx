import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
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
import { CopyPlacementFields, isRunning, sendToRemote } from '../../actions';
import {
  DestinationChoice,
  migrationRefusal,
  otherRemotes,
  REMOTE_DESTINATION_DEFAULTS,
  remoteDestination,
  remoteDestinationProblems,
  RemoteDestinationFields,
  STOP_FIRST,
  useRemotes,
  type RemoteDestinationValues,
} from '../../../remotes';
import { instanceNameCheck, instanceNameProblems, useInstanceNameLookup } from '../../create';
import { instanceKeys } from '../../keys';

/** The name check's scope on another server: its names are not looked up here. */
const ELSEWHERE = '\u0000another server';

interface Values extends RemoteDestinationValues {
  /** This server, or another one (a remote of the console server). */
  destination: 'here' | 'remote';
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
  const here = useInstanceNameLookup();
  const remotes = otherRemotes(useRemotes().data);
  const lookup = useCallback<typeof here>(
    (name, signal, scope) =>
      scope === ELSEWHERE ? Promise.resolve(false) : here(name, signal, scope),
    [here],
  );
  const kit = useResourceForm<Values>({
    defaultValues: {
      name: `${instance.name}-copy`.slice(0, 63),
      project: instance.project,
      withSnapshots: false,
      target: '',
      pool: '',
      destination: 'here',
      ...REMOTE_DESTINATION_DEFAULTS,
    },
    validate: (values) => ({
      ...instanceNameProblems(values),
      ...(values.destination === 'remote' ? remoteDestinationProblems(values, false) : {}),
    }),
    // The name must be free in the project the copy goes to (on this server).
    nameCheck: instanceNameCheck<Values>(lookup, (values) =>
      values.destination === 'remote' ? ELSEWHERE : values.project,
    ),
    onSubmit: async (values) => {
      if (values.destination === 'remote') {
        await sendToRemote(instance, remoteDestination(values), {
          move: false,
          instanceOnly: !values.withSnapshots,
          name: values.name,
        });
        notify.success(
          `${instance.name} copied to ${values.name} on ${values.remote} (project ${values.remoteProject})`,
        );
        onClose();
        return;
      }
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
  const destination = useWatch({ control: kit.form.control, name: 'destination' });
  const remoteName = useWatch({ control: kit.form.control, name: 'remote' });
  const targetRemote = remotes.others.find((remote) => remote.name === remoteName);
  const refusal =
    destination === 'remote'
      ? (migrationRefusal(remotes.source, targetRemote) ??
        (isRunning(instance.status) ? STOP_FIRST : undefined))
      : undefined;

  return (
    <FormModal
      title={`Copy ${instance.name}`}
      formId={formId}
      busy={kit.busy}
      submitLabel="Copy"
      busyLabel="Copying…"
      onClose={onClose}
      reason={destination === 'remote' ? refusal : permissions.inProject(target, 'createInstances')}
    >
      <ResourceForm kit={kit} id={formId}>
        <TextInput name="name" label="New instance name" />
        {remotes.others.length > 0 && <DestinationChoice legend="Copy to" />}
        {destination === 'remote' ? (
          <RemoteDestinationFields
            remotes={remotes.others}
            poolRequired={false}
            refusal={refusal}
          />
        ) : (
          <>
            <SelectInput
              name="project"
              label="Target project"
              options={projects.map((project) => ({ value: project.name, label: project.name }))}
            />
            <CopyPlacementFields />
          </>
        )}
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
