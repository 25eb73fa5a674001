/** The bulk bar's actions on the selected warnings: acknowledge or delete them all at once. */
import { useState } from 'react';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../shared/ui/Gated';
import type { LxdWarning } from '../api';
import { runOnWarnings, type BulkWarningAction } from '../queries';

const count = (n: number) => `${String(n)} ${n === 1 ? 'warning' : 'warnings'}`;

export function BulkWarningActions({
  selected,
  reason,
  onDone,
}: {
  selected: readonly LxdWarning[];
  /** Why the identity may not acknowledge or delete warnings. */
  reason: string | undefined;
  onDone: () => void;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<readonly LxdWarning[]>(selected);
  const unacknowledged = selected.filter((warning) => warning.status !== 'acknowledged');

  const run = async (action: BulkWarningAction, warnings: readonly LxdWarning[]) => {
    const outcome = await runOnWarnings(action, warnings);
    const done = action === 'acknowledge' ? 'acknowledged' : 'deleted';
    const title = `${count(outcome.succeeded)} ${done}`;
    if (outcome.failed.length > 0) {
      notify.failure(
        `${title}, ${String(outcome.failed.length)} failed`,
        outcome.failed.map((failure) => `${failure.warning.type}: ${failure.message}`).join('\n'),
      );
    } else {
      notify.success(title);
    }
    onDone();
  };

  return (
    <>
      {unacknowledged.length > 0 && (
        <GatedButton
          className="p-button"
          disabled={busy}
          reason={reason}
          onClick={() => {
            setBusy(true);
            void run('acknowledge', unacknowledged).finally(() => {
              setBusy(false);
            });
          }}
        >
          Acknowledge {count(unacknowledged.length)}
        </GatedButton>
      )}
      <ConfirmButton
        label={`Delete ${count(selected.length)}`}
        title={`Delete ${count(asked.length)}`}
        confirmLabel="Delete"
        danger
        className="p-button--negative"
        disabled={busy || selected.length === 0}
        reason={reason}
        onOpen={() => {
          setAsked(selected);
        }}
        message={
          <>
            <p>Delete these warnings? LXD raises a warning again if its problem comes back.</p>
            <ul>
              {asked.map((warning) => (
                <li key={warning.uuid}>{warning.type}</li>
              ))}
            </ul>
          </>
        }
        onConfirm={() => run('delete', asked)}
      />
    </>
  );
}
