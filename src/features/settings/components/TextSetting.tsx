import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerConfigValue } from '../../../lxd/endpoints/settings';
import { useNotify } from '../../../shared/notifications';
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

/** A string or integer option: shown as text, edited in place with Save and Cancel. */
export function TextSetting({ row, target, disabled, disabledReason }: SettingControlProps) {
  const client = useQueryClient();
  const notify = useNotify();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [reveal, setReveal] = useState(false);
  const [baseline, setBaseline] = useState<ServerConfigValue | undefined>();
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: async (_result, { key }) => {
      await client.invalidateQueries({ queryKey: serverKeys.all });
      notify.success('Setting saved', `${key} was updated.`, [], { id: `setting-${key}` });
    },
  });

  // Editing starts on the user's request: focus goes to the field, and back to Edit after.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    setDraft(typeof row.value === 'string' ? row.value : '');
    setBaseline(row.value);
    setError(undefined);
    setReveal(false);
    setEditing(true);
  };
  const cancel = () => {
    if (save.isPending) return;
    setEditing(false);
    setError(undefined);
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = validateValue(row, draft);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({
        key: row.key,
        value: valueToSave(row, draft),
        expected: baseline,
        target,
      });
      setEditing(false);
    } catch (failure) {
      // A second save after a conflict replaces the other change on purpose.
      if (failure instanceof SettingConflictError) setBaseline(failure.current);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  if (!editing) {
    return (
      <div className="setting-text">
        <ShownValue row={row} />
        <GatedButton
          className="p-button--base is-small setting-edit"
          ref={editRef}
          disabled={disabled}
          reason={disabled ? disabledReason : undefined}
          onClick={start}
        >
          Edit <span className="u-off-screen">{row.key}</span>
        </GatedButton>
      </div>
    );
  }

  const errorId = `${id}-error`;
  const masked = row.secret && !reveal;
  return (
    <form className="setting-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
        <input
          className="p-form-validation__input"
          type={masked ? 'password' : 'text'}
          inputMode={row.type === 'integer' ? 'numeric' : undefined}
          aria-label={`Value of ${row.key}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={typeof row.value === 'boolean' ? 'Enter a new value' : undefined}
          value={draft}
          autoComplete="off"
          ref={inputRef}
          onChange={(event) => setDraft(event.target.value)}
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
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save'} <span className="u-off-screen">{row.key}</span>
        </button>
      </div>
    </form>
  );
}
