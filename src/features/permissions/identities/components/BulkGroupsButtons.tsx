import { useState } from 'react';
import type { LxdIdentity } from '../../../../lxd/types/identity';
import { useBulkAction } from '../../../../shared/bulk-queue';
import { countOf } from '../../../../shared/ui/list';
import { GroupsDialog } from '../../access';
import { useGroupNames } from '../../access';
import { IDENTITY_GROUPS, type IdentityGroupsParams } from '../../executors';
import { identityKey, identityLabel } from '../rules';

type Mode = 'add' | 'remove';

/** One identity and the change of its groups. */
interface GroupsTarget {
  identity: LxdIdentity;
  add: string[];
  remove: string[];
}

const NOUN = { one: 'identity', other: 'identities' };

/**
 * "Add groups" and "Remove groups" for the selected identities through the bulk queue: one PUT
 * each (after a GET for its current groups and ETag); the outcome is counted in one notification.
 */
export function BulkGroupsButtons({
  identities,
  onDone,
}: {
  identities: readonly LxdIdentity[];
  onDone: () => void;
}) {
  const groups = useGroupNames();
  const [mode, setMode] = useState<Mode>();
  const unique = [...new Map(identities.map((identity) => [identityKey(identity), identity]))];
  const selected = unique.map(([, identity]) => identity);
  const run = useBulkAction<GroupsTarget>({
    noun: NOUN,
    title: mode === 'remove' ? 'Remove groups from' : 'Add groups to',
    verb: 'updated',
    label: (target) => identityLabel(target.identity),
    kind: IDENTITY_GROUPS,
    params: ({ identity, add, remove }): IdentityGroupsParams => ({
      method: identity.authentication_method,
      id: identity.id,
      add,
      remove,
    }),
  });
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
            const add = mode === 'add' ? chosen : [];
            const remove = mode === 'add' ? [] : chosen;
            await run(selected.map((identity) => ({ identity, add, remove })));
            onDone();
          }}
        />
      )}
    </>
  );
}
