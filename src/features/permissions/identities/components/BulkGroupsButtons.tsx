import { useState } from 'react';
import { changeIdentityGroups } from '../../../../lxd/endpoints/auth';
import type { LxdIdentity } from '../../../../lxd/types/identity';
import { useNotify } from '../../../../shared/notifications';
import { countOf } from '../../../../shared/ui/list';
import { GroupsDialog } from '../../access';
import { useAccessMutation, useGroupNames } from '../../access';
import { bulkFailures, bulkSummary, runBulk } from '../../../../shared/pages/bulk';
import { changeGroups } from '../../access';
import { identityKey, identityLabel } from '../rules';

type Mode = 'add' | 'remove';

const NOUN = { one: 'identity', other: 'identities' };

/**
 * "Add groups" and "Remove groups" for the selected identities: one PUT each (after a GET for
 * its current groups and ETag), all at once; the outcome is counted in one notification.
 */
export function BulkGroupsButtons({
  identities,
  onDone,
}: {
  identities: readonly LxdIdentity[];
  onDone: () => void;
}) {
  const notify = useNotify();
  const groups = useGroupNames();
  const [mode, setMode] = useState<Mode>();
  const unique = [...new Map(identities.map((identity) => [identityKey(identity), identity]))];
  const selected = unique.map(([, identity]) => identity);
  const run = useAccessMutation(({ chosen, how }: { chosen: string[]; how: Mode }) =>
    runBulk(selected, (identity) =>
      changeIdentityGroups(identity.authentication_method, identity.id, (current) =>
        how === 'add' ? changeGroups(current, chosen, []) : changeGroups(current, [], chosen),
      ),
    ),
  );
  // Removing offers the groups the selected identities are in.
  const held = [...new Set(identities.flatMap((identity) => identity.groups ?? []))].sort();
  const names = identities.map(identityLabel).join(', ');

  return (
    <>
      <button type="button" className="p-button is-dense" onClick={() => setMode('add')}>
        Add groups
      </button>
      <button type="button" className="p-button is-dense" onClick={() => setMode('remove')}>
        Remove groups
      </button>
      {mode && (
        <GroupsDialog
          title={mode === 'add' ? 'Add groups' : 'Remove groups'}
          intro={
            <p>
              {mode === 'add'
                ? 'The groups chosen are added to'
                : 'The groups chosen are taken from'}{' '}
              {countOf(selected.length, NOUN)}: {names}.
            </p>
          }
          groups={mode === 'add' ? groups : held}
          submitLabel={mode === 'add' ? 'Add groups' : 'Remove groups'}
          what="identity"
          requireGroup
          onClose={() => setMode(undefined)}
          onSubmit={async ({ groups: chosen }) => {
            const outcome = await run.mutateAsync({ chosen, how: mode });
            const title = bulkSummary(outcome, NOUN, 'updated');
            if (outcome.failed.length > 0) {
              notify.failure(title, bulkFailures(outcome, identityLabel));
            } else {
              notify.success(
                title,
                `${mode === 'add' ? 'Added' : 'Removed'} ${chosen.join(', ')}.`,
              );
            }
            onDone();
          }}
        />
      )}
    </>
  );
}
