import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { copyInstance } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { useAuth } from '../../../../shared/auth/context';
import { validateInstanceName } from '../../../../shared/config-form';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { ModalFormFooter } from '../../../../shared/ui/ModalFormFooter';
import { Modal } from '../../../../shared/ui/Modal';
import { newNameChecker } from '../../create';
import { instanceKeys } from '../../keys';
import { CopyPlacementFields } from '../../actions';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

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
  const id = useId();
  const { projects } = useAuth();
  const permissions = usePermissions();
  const notify = useNotify();
  const client = useQueryClient();
  const [checker] = useState(newNameChecker);
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({
    defaultValues: {
      name: `${instance.name}-copy`.slice(0, 63),
      project: instance.project,
      withSnapshots: false,
      target: '',
      pool: '',
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const target = useWatch({ control: form.control, name: 'project' });
  const member = useWatch({ control: form.control, name: 'target' });
  const pool = useWatch({ control: form.control, name: 'pool' });
  const close = useStableCallback(() => {
    if (!isSubmitting) onClose();
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
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
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <Modal
      title={`Copy ${instance.name}`}
      onClose={close}
      footer={
        <ModalFormFooter
          formId={`${id}-form`}
          busy={isSubmitting}
          submitLabel="Copy"
          busyLabel="Copying…"
          onCancel={close}
          reason={permissions.inProject(target, 'createInstances')}
        />
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
        <div className={errors.name ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-name`}>New instance name</label>
          <input
            type="text"
            id={`${id}-name`}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            {...form.register('name', {
              validate: async (value, all) =>
                (await validateInstanceName(checker, all.project, value)) ?? true,
            })}
          />
          {errors.name && (
            <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
              {errors.name.message}
            </p>
          )}
        </div>
        <label htmlFor={`${id}-project`}>Target project</label>
        <select
          id={`${id}-project`}
          {...form.register('project', {
            onChange: () => {
              if (form.getFieldState('name').isTouched) void form.trigger('name');
            },
          })}
        >
          {projects.map((project) => (
            <option key={project.name} value={project.name}>
              {project.name}
            </option>
          ))}
        </select>
        <CopyPlacementFields
          project={target}
          target={member}
          onTarget={(value) => form.setValue('target', value)}
          pool={pool}
          onPool={(value) => form.setValue('pool', value)}
        />
        <label className="p-checkbox" htmlFor={`${id}-snapshots`}>
          <input
            id={`${id}-snapshots`}
            type="checkbox"
            className="p-checkbox__input"
            {...form.register('withSnapshots')}
          />
          <span className="p-checkbox__label">Copy snapshots too</span>
        </label>
        {isSubmitting && (
          <p role="status" className="u-text--muted">
            Copying… large instances take a while.
          </p>
        )}
      </form>
      {failure && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{failure}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
