import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResourceForm, TextInput, useResourceForm } from '../../../shared/forms';
import { errorText, useNotify } from '../../../shared/notifications';
import { serverKeys } from '../../../shared/query/server';
import { saveSetting } from '../queries';
import { MESSAGES, validateUserKey } from '../validation';

interface UserKeyValues {
  key: string;
  value: string;
}

/** A new free-form `user.*` key (in a dialog): PATCH /1.0 {config: {key: value}}. */
export function AddUserKeyForm({
  existingKeys,
  onDone,
}: {
  existingKeys: readonly string[];
  onDone: (key: string | undefined) => void;
}) {
  const client = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: async (_result, { key: added }) => {
      await client.invalidateQueries({ queryKey: serverKeys.all });
      notify.success('User key added', `${added} was added.`, [], { id: `setting-${added}` });
    },
  });
  const kit = useResourceForm<UserKeyValues>({
    defaultValues: { key: 'user.', value: '' },
    validate: ({ key, value }) => ({
      key: validateUserKey(key.trim(), existingKeys),
      value: value === '' ? MESSAGES.userValueRequired : undefined,
    }),
    onSubmit: async ({ key, value }) => {
      await save.mutateAsync({ key: key.trim(), value, expected: undefined });
      onDone(key.trim());
    },
  });
  const { setFocus } = kit.form;
  useEffect(() => {
    setFocus('key');
  }, [setFocus]);

  return (
    <ResourceForm kit={kit} className="settings-add" label="Add a user key">
      <div className="settings-add__fields">
        <TextInput name="key" label="Key" />
        <TextInput name="value" label="Value" />
      </div>
      {kit.failure !== undefined && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{errorText(kit.failure)}</p>
          </div>
        </div>
      )}
      <div className="settings-add__actions">
        <button
          type="button"
          className="p-button--base"
          disabled={kit.busy}
          onClick={() => {
            onDone(undefined);
          }}
        >
          Cancel
        </button>
        <button
          type="submit"
          className="p-button--positive"
          disabled={kit.busy}
          aria-busy={kit.busy}
        >
          {kit.busy ? 'Adding…' : 'Add key'}
        </button>
      </div>
    </ResourceForm>
  );
}
