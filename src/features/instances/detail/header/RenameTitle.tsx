import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../../../shared/routing/router';
import { renameInstance } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { ResourceForm, TextInput, useResourceForm } from '../../../../shared/forms';
import { errorText, useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import { paths } from '../../../../shared/routing/paths';
import { instanceNameCheck, instanceNameProblems, useInstanceNameLookup } from '../../create';
import { instanceKeys } from '../../keys';

/** The instance's name as the page title, renamed in place (POST {name}; spec §5 rules). */
export function RenameTitle({ instance, tab }: { instance: LxdInstance; tab: string | undefined }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const lookup = useInstanceNameLookup(instance.project, instance.name);
  const kit = useResourceForm<{ name: string }>({
    defaultValues: { name: instance.name },
    validate: instanceNameProblems,
    nameCheck: instanceNameCheck(lookup),
    onSubmit: async ({ name }) => {
      if (name === instance.name) {
        setEditing(false);
        return;
      }
      await renameInstance(instance.project, instance.name, name);
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      notify.success(`${instance.name} renamed to ${name}`);
      setEditing(false);
      void navigate(paths.instance(instance.project, name, tab), { replace: true });
    },
  });
  const { form } = kit;
  const permissions = usePermissions();
  const renameReason =
    permissions.on('instance', 'rename', instance) ??
    (instance.status === 'Stopped' ? undefined : 'Stop the instance to rename it');
  // The user asked to rename: put the cursor in the field.
  useEffect(() => {
    if (editing) form.setFocus('name');
  }, [editing, form]);

  const cancel = useStableCallback(() => {
    setEditing(false);
    kit.revert();
  });
  // Escape gives up renaming.
  useEffect(() => {
    if (!editing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [editing, cancel]);

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

  return (
    <ResourceForm kit={kit} className="instance-title instance-title--editing">
      <h1 className="u-off-screen">{instance.name}</h1>
      <div>
        <TextInput name="name" label={<span className="u-off-screen">Instance name</span>} />
        {kit.failure !== undefined && (
          <p className="p-form-validation__message" role="alert">
            {errorText(kit.failure)}
          </p>
        )}
      </div>
      <button type="submit" className="p-button--positive is-dense" disabled={kit.busy}>
        {kit.busy ? 'Renaming…' : 'Save name'}
      </button>
      <button
        type="button"
        className="p-button--base is-dense"
        onClick={cancel}
        disabled={kit.busy}
      >
        Cancel
      </button>
    </ResourceForm>
  );
}
