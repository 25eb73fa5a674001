import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerConfigValue } from '../../../lxd/endpoints/settings';
import { ResourceForm, useResourceForm } from '../../../shared/forms';
import { errorText, useNotify } from '../../../shared/notifications';
import { serverKeys } from '../../../shared/query/server';
import { GatedButton } from '../../../shared/ui/Gated';
import { HIDDEN_VALUE_TEXT, type SettingRow, type SettingControlProps } from '../options';
import { saveSetting } from '../queries';
import { SettingConflictError, validateValue, valueToSave } from '../validation';

const MASK = '••••••••';

function ShownValue({ row }: { row: SettingRow }) {
  const [revealed, setRevealed] = useState(false);
  if (!row.isSet) return <span className="u-text--muted">Not set</span>;
  if (typeof row.value === 'boolean')
    return <span className="u-text--muted">{HIDDEN_VALUE_TEXT}</span>;
  if (!row.secret) return <code className="setting-value">{row.value}</code>;
  return (
    <span className="setting-secret">
      <code className="setting-value">{revealed ? row.value : MASK}</code>
      <button
        type="button"
        className="p-button--base is-small setting-reveal"
        onClick={() => setRevealed((shown) => !shown)}
      >
        {revealed ? 'Hide' : 'Show'} <span className="u-off-screen">value of {row.key}</span>
      </button>
    </span>
  );
}

/** The value being edited: Save (checked, then compared with what the user saw) and Cancel. */
function TextSettingForm({
  row,
  target,
  onDone,
}: {
  row: SettingRow;
  target: string | undefined;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const notify = useNotify();
  const id = useId();
  const [reveal, setReveal] = useState(false);
  // The value the user saw; a second save after a conflict replaces the other change on purpose.
  const [baseline, setBaseline] = useState<ServerConfigValue | undefined>(row.value);
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: async (_result, { key }) => {
      await client.invalidateQueries({ queryKey: serverKeys.all });
      notify.success('Setting saved', `${key} was updated.`, [], { id: `setting-${key}` });
    },
  });
  const kit = useResourceForm<{ value: string }>({
    defaultValues: { value: typeof row.value === 'string' ? row.value : '' },
    validate: ({ value }) => ({ value: validateValue(row, value) }),
    onSubmit: async ({ value }) => {
      try {
        await save.mutateAsync({
          key: row.key,
          value: valueToSave(row, value),
          expected: baseline,
          target,
        });
      } catch (failure) {
        if (failure instanceof SettingConflictError) setBaseline(failure.current);
        throw failure;
      }
      onDone();
    },
  });
  const { setFocus } = kit.form;
  // Editing starts on the user's request: focus goes to the field.
  useEffect(() => {
    setFocus('value');
  }, [setFocus]);
  const cancel = () => {
    if (!kit.busy) onDone();
  };

  const problem = kit.form.formState.errors.value?.message;
  const error = problem ?? (kit.failure === undefined ? undefined : errorText(kit.failure));
  const errorId = `${id}-error`;
  const masked = row.secret && !reveal;
  return (
    <ResourceForm kit={kit} className="setting-form">
      <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
        <input
          {...kit.form.register('value')}
          className="p-form-validation__input"
          type={masked ? 'password' : 'text'}
          inputMode={row.type === 'integer' ? 'numeric' : undefined}
          aria-label={`Value of ${row.key}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={typeof row.value === 'boolean' ? 'Enter a new value' : undefined}
          autoComplete="off"
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
        />
        {error && (
          <p className="p-form-validation__message" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="setting-form__actions">
        {row.secret && (
          <button
            type="button"
            className="p-button--base is-small"
            onClick={() => setReveal((shown) => !shown)}
          >
            {reveal ? 'Hide' : 'Show'} <span className="u-off-screen">value of {row.key}</span>
          </button>
        )}
        <button type="button" className="p-button--base is-small" onClick={cancel}>
          Cancel <span className="u-off-screen">editing {row.key}</span>
        </button>
        <button
          type="submit"
          className="p-button--positive is-small"
          disabled={kit.busy}
          aria-busy={kit.busy}
        >
          {kit.busy ? 'Saving…' : 'Save'} <span className="u-off-screen">{row.key}</span>
        </button>
      </div>
    </ResourceForm>
  );
}

/** A string or integer option: shown as text, edited in place with Save and Cancel. */
export function TextSetting({ row, target, disabled, disabledReason }: SettingControlProps) {
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus goes back to Edit once editing ends.
  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <TextSettingForm
        row={row}
        target={target}
        onDone={() => {
          setEditing(false);
        }}
      />
    );
  }
  return (
    <div className="setting-text">
      <ShownValue row={row} />
      <GatedButton
        className="p-button--base is-small setting-edit"
        ref={editRef}
        disabled={disabled}
        reason={disabled ? disabledReason : undefined}
        onClick={() => {
          setEditing(true);
        }}
      >
        Edit <span className="u-off-screen">{row.key}</span>
      </GatedButton>
    </div>
  );
}
