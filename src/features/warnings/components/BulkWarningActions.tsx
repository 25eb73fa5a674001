/** The bulk bar's actions on the selected warnings: acknowledge or delete them (the bulk queue). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LxdWarning } from '../../../lxd/types/warning';
import { useProductName } from '../../../shared/auth/product';
import { useBulkAction } from '../../../shared/bulk-queue';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../shared/ui/Gated';
import { countOf } from '../../../shared/ui/list';
import { WARNING_KINDS, type WarningParams } from '../executors';
import { warningKeys } from '../queries';

const NOUN = { one: 'warning', other: 'warnings' };
const label = (warning: LxdWarning) => warning.type;
const params = (warning: LxdWarning): WarningParams => ({ uuid: warning.uuid });

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
  const client = useQueryClient();
  const product = useProductName();
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<readonly LxdWarning[]>(selected);
  const unacknowledged = selected.filter((warning) => warning.status !== 'acknowledged');
  const onSettled = () => {
    onDone();
    void client.invalidateQueries({ queryKey: warningKeys.all });
  };
  const runAcknowledge = useBulkAction({
    noun: NOUN,
    title: 'Acknowledge',
    verb: 'acknowledged',
    label,
    kind: WARNING_KINDS.acknowledge,
    params,
    onSettled,
  });
  const runDelete = useBulkAction({
    noun: NOUN,
    title: 'Delete',
    verb: 'deleted',
    label,
    kind: WARNING_KINDS.delete,
    params,
    onSettled,
  });

  return (
    <>
      {unacknowledged.length > 0 && (
        <GatedButton
          className="p-button"
          disabled={busy}
          reason={reason}
          onClick={() => {
            setBusy(true);
            void runAcknowledge(unacknowledged).finally(() => {
              setBusy(false);
            });
          }}
        >
          Acknowledge {countOf(unacknowledged.length, NOUN)}
        </GatedButton>
      )}
      <ConfirmButton
        label={`Delete ${countOf(selected.length, NOUN)}`}
        title={`Delete ${countOf(asked.length, NOUN)}`}
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
            <p>
              Delete these warnings? {product} raises a warning again if its problem comes back.
            </p>
            <ul>
              {asked.map((warning) => (
                <li key={warning.uuid}>{warning.type}</li>
              ))}
            </ul>
          </>
        }
        onConfirm={() => runDelete(asked)}
      />
    </>
  );
}
