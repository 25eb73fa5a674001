import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../shared/notifications';
import { serverKeys } from '../../../shared/query/server';
import { effectiveBool, type SettingControlProps } from '../options';
import { saveSetting } from '../queries';

/** A boolean option as a switch: a change is saved at once; a failure flips it back. */
export function BoolSetting({ row, target, disabled, disabledReason }: SettingControlProps) {
  const client = useQueryClient();
  const notify = useNotify();
  const [wanted, setWanted] = useState<boolean>();
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: async (_result, { key, value }) => {
      await client.invalidateQueries({ queryKey: serverKeys.all });
      notify.success('Setting saved', `${key} is now ${value}.`, [], { id: `setting-${key}` });
    },
    onSettled: () => {
      setWanted(undefined);
    },
  });
  const checked = wanted ?? effectiveBool(row);
  const errorId = `setting-error-${row.key}`;

  return (
    <div className="setting-bool">
      <label className="p-switch" title={disabled ? disabledReason : undefined}>
        <input
          type="checkbox"
          role="switch"
          className="p-switch__input"
          aria-label={row.key}
          checked={checked}
          disabled={disabled || save.isPending}
          title={disabled ? disabledReason : undefined}
          aria-busy={save.isPending}
          aria-describedby={save.error ? errorId : undefined}
          onChange={(event) => {
            const next = event.target.checked;
            setWanted(next);
            save.mutate({ key: row.key, value: String(next), expected: row.value, target });
          }}
        />
        <span className="p-switch__slider" />
        <span className="p-switch__label">
          <code>{String(checked)}</code>
          {!row.isSet && <span className="u-text--muted"> (default)</span>}
        </span>
      </label>
      {save.error && (
        <p className="p-form-validation__message setting-error" id={errorId} role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
