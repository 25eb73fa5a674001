import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '../../../../shared/routing/router';
import { renameInstance } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { validateInstanceName } from '../../../../shared/config-form';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { paths } from '../../../../shared/routing/paths';
import { newNameChecker } from '../../create';
import { instanceKeys } from '../../keys';

/** The instance's name as the page title, renamed in place (POST {name}; spec §5 rules). */
export function RenameTitle({ instance, tab }: { instance: LxdInstance; tab: string | undefined }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [checker] = useState(newNameChecker);
  const id = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const form = useForm<{ name: string }>({
    defaultValues: { name: instance.name },
    mode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const permissions = usePermissions();
  const renameReason =
    permissions.on('instance', 'rename', instance) ??
    (instance.status === 'Stopped' ? undefined : 'Stop the instance to rename it');
  // The user asked to rename: put the cursor in the field.
  useEffect(() => {
    if (editing) form.setFocus('name');
  }, [editing, form]);

  const cancel = () => {
    setEditing(false);
    setFailure(undefined);
    form.reset({ name: instance.name });
  };

  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(undefined);
    if (name === instance.name) {
      cancel();
      return;
    }
    try {
      await renameInstance(instance.project, instance.name, name);
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      notify.success(`${instance.name} renamed to ${name}`);
      setEditing(false);
      void navigate(paths.instance(instance.project, name, tab), { replace: true });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  if (!editing) {
    return (
      <div className="instance-title">
        <h1 className="p-heading--4 instance-title__name">{instance.name}</h1>
        <GatedButton
          className="p-button--base is-dense"
          reason={renameReason}
          onClick={() => setEditing(true)}
        >
          Rename
        </GatedButton>
      </div>
    );
  }

  const error = errors.name?.message ?? failure;
  return (
    <form
      className="instance-title instance-title--editing"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h1 className="u-off-screen">{instance.name}</h1>
      <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
        <label htmlFor={`${id}-name`} className="u-off-screen">
          Instance name
        </label>
        <input
          type="text"
          id={`${id}-name`}
          className="instance-title__input"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('name', {
            validate: async (value) =>
              (await validateInstanceName(checker, instance.project, value, instance.name)) ?? true,
          })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
        />
        {error && (
          <p className="p-form-validation__message" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="p-button--positive is-dense" disabled={isSubmitting}>
        {isSubmitting ? 'Renaming…' : 'Save name'}
      </button>
      <button
        type="button"
        className="p-button--base is-dense"
        onClick={cancel}
        disabled={isSubmitting}
      >
        Cancel
      </button>
    </form>
  );
}
