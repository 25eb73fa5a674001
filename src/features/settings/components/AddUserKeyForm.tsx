import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../shared/notifications';
import { serverKeys } from '../../../shared/query/server';
import { saveSetting } from '../queries';
import { MESSAGES, validateUserKey } from '../validation';

/** A new free-form `user.*` key: PATCH /1.0 {config: {key: value}}. */
export function AddUserKeyForm({
  existingKeys,
  onDone,
}: {
  existingKeys: readonly string[];
  onDone: (key: string | undefined) => void;
}) {
  const client = useQueryClient();
  const notify = useNotify();
  const id = useId();
  const keyRef = useRef<HTMLInputElement>(null);
  const [key, setKey] = useState('user.');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ key?: string; value?: string; form?: string }>({});
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: async (_result, { key: added }) => {
      await client.invalidateQueries({ queryKey: serverKeys.all });
      notify.success('User key added', `${added} was added.`, [], { id: `setting-${added}` });
    },
  });

  useEffect(() => {
    keyRef.current?.focus();
  }, []);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const keyError = validateUserKey(key.trim(), existingKeys);
    const valueError = value === '' ? MESSAGES.userValueRequired : undefined;
    setErrors({ key: keyError, value: valueError });
    if (keyError || valueError) return;
    try {
      await save.mutateAsync({ key: key.trim(), value, expected: undefined });
      onDone(key.trim());
    } catch (failure) {
      setErrors({ form: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  const field = (name: 'key' | 'value') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      className="settings-add p-card"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 className="p-heading--5" id={`${id}-title`}>
        Add a user key
      </h2>
      <div className="settings-add__fields">
        <div className={errors.key ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-key`}>Key</label>
          <input
            {...field('key')}
            ref={keyRef}
            className="p-form-validation__input"
            type="text"
            autoComplete="off"
            value={key}
            onChange={(event) => setKey(event.target.value)}
          />
          {errors.key && (
            <p className="p-form-validation__message" id={`${id}-key-error`} role="alert">
              {errors.key}
            </p>
          )}
        </div>
        <div className={errors.value ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-value`}>Value</label>
          <input
            {...field('value')}
            className="p-form-validation__input"
            type="text"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          {errors.value && (
            <p className="p-form-validation__message" id={`${id}-value-error`} role="alert">
              {errors.value}
            </p>
          )}
        </div>
      </div>
      {errors.form && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{errors.form}</p>
          </div>
        </div>
      )}
      <div className="settings-add__actions">
        <button
          type="button"
          className="p-button--base"
          disabled={save.isPending}
          onClick={() => onDone(undefined)}
        >
          Cancel
        </button>
        <button
          type="submit"
          className="p-button--positive"
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Adding…' : 'Add key'}
        </button>
      </div>
    </form>
  );
}
