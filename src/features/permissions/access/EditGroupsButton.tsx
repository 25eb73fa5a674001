import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { WithEtag } from '../../../lxd/client';
import { GatedButton } from '../../../shared/ui/Gated';
import { Loader } from '../../../shared/ui/Loader';
import { Modal } from '../../../shared/ui/Modal';
import { ErrorNotice } from '../../../shared/ui/States';
import { GroupsDialog } from './GroupsDialog';

type HasGroups = WithEtag<{ groups?: string[] | null }>;

/**
 * The groups of an identity or an IdP group, read fresh when the dialog opens: the save goes
 * back with that version's ETag (If-Match), so a change someone made meanwhile answers 412
 * instead of being lost; the dialog then reads it again and keeps the user's choice.
 */
function EditGroupsDialog<T extends HasGroups, K extends QueryKey>({
  title,
  what,
  query,
  groups,
  save,
  onClose,
}: {
  title: string;
  what: string;
  query: UseQueryOptions<T, Error, T, K>;
  /** Every group's name; undefined while loading. */
  groups: readonly string[] | undefined;
  save: (chosen: string[], etag: string | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const detail = useQuery(query);
  const current = detail.data;
  if (!current) {
    return (
      <Modal title={title} onClose={onClose}>
        {detail.error ? (
          <ErrorNotice
            title={`Could not read the ${what}`}
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <Loader text={`Loading the ${what}…`} />
        )}
      </Modal>
    );
  }
  return (
    <GroupsDialog
      title={title}
      groups={groups}
      initial={current.groups ?? []}
      submitLabel="Save groups"
      what={what}
      onConflict={() => void detail.refetch()}
      onClose={onClose}
      onSubmit={({ groups: chosen }) => save(chosen, current.etag)}
    />
  );
}

/** "Edit groups" of a row (named "Edit groups of {name}"), disabled with `reason` when set. */
export function EditGroupsButton<T extends HasGroups, K extends QueryKey>({
  name,
  reason,
  ...dialog
}: {
  name: string;
  reason: string | undefined;
  what: string;
  query: UseQueryOptions<T, Error, T, K>;
  groups: readonly string[] | undefined;
  save: (chosen: string[], etag: string | undefined) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <GatedButton
        className="p-button is-dense"
        aria-label={`Edit groups of ${name}`}
        reason={reason}
        onClick={() => setOpen(true)}
      >
        Edit groups
      </GatedButton>
      {open && (
        <EditGroupsDialog {...dialog} title={`Groups of ${name}`} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
