import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../shared/notifications';
import { serverKeys } from '../../../shared/query/server';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { resetValue, type SettingControlProps } from '../options';
import { resetSetting } from '../queries';

/** Reset a set option to its default, or delete a custom user key; both ask first. */
export function SettingActions({ row, target, disabled, disabledReason }: SettingControlProps) {
  const client = useQueryClient();
  const notify = useNotify();
  const reset = useMutation({
    mutationFn: resetSetting,
    onSuccess: async (_result, { key }) => {
      await client.invalidateQueries({ queryKey: serverKeys.all });
      notify.success(
        row.isCustom ? 'Setting deleted' : 'Setting reset',
        row.isCustom ? `${key} was deleted.` : `${key} is back to its default.`,
        [],
        { id: `setting-${key}` },
      );
    },
  });
  if (!row.isSet) return null;
  const run = () =>
    reset.mutateAsync({ key: row.key, value: resetValue(row), expected: row.value, target });

  if (row.isCustom) {
    return (
      <ConfirmButton
        className="p-button--base is-small setting-action"
        label={
          <>
            Delete <span className="u-off-screen">{row.key}</span>
          </>
        }
        title="Delete setting"
        message={
          <p>
            Delete <code>{row.key}</code> from the server configuration?
          </p>
        }
        confirmLabel="Delete"
        danger
        disabled={disabled}
        disabledReason={disabledReason}
        onConfirm={run}
      />
    );
  }
  return (
    <ConfirmButton
      className="p-button--base is-small setting-action"
      label={
        <>
          Reset <span className="u-off-screen">{row.key}</span>
        </>
      }
      title="Reset setting"
      message={
        <p>
          Reset <code>{row.key}</code> to its default
          {row.default ? (
            <>
              {' '}
              (<code>{row.default}</code>)
            </>
          ) : null}
          ?
        </p>
      }
      confirmLabel="Reset"
      disabled={disabled}
      disabledReason={disabledReason}
      onConfirm={run}
    />
  );
}
