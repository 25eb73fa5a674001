import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormModal } from './FormModal';

/**
 * A dialog asking for one name (rename a snapshot or a volume, a new instance from a snapshot):
 * validated once touched and on submit (the check may ask LXD), the server's error shown in the
 * dialog, the typed name kept.
 */
export function NameDialog({
  title,
  label,
  initial = '',
  submitLabel,
  validate,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  validate: (name: string) => string | undefined | Promise<string | undefined>;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [failure, setFailure] = useState<string>();
  const form = useForm<{ name: string }>({ defaultValues: { name: initial }, mode: 'onTouched' });
  const error = form.formState.errors.name?.message;
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(undefined);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <FormModal
      title={title}
      formId={`${id}-form`}
      busy={busy}
      submitLabel={submitLabel}
      onClose={onClose}
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate>
        <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-name`}>{label}</label>
          <input
            type="text"
            id={`${id}-name`}
            className="p-form-validation__input"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('name', {
              validate: async (value) => (await validate(value.trim())) ?? true,
            })}
          />
          {error && (
            <p className="p-form-validation__message" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        {children}
      </form>
      {failure && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{failure}</p>
          </div>
        </div>
      )}
    </FormModal>
  );
}
