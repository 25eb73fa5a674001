/**
 * The snapshots of an instance or a storage volume: the list (search, sort, columns), create
 * (name, expiry, stateful for instances), restore, rename, expiry, delete one or the selected
 * ones. What differs between the two comes in: LXD's calls, whether snapshots are stateful and
 * their expiry can be changed, the owner's own row actions and what the list says above it.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNotify } from '../../notifications';
import { useBulkAction } from '../../bulk-queue';
import { snapshotNameError } from '../../validation/snapshots';
import { ConfirmButton } from '../ConfirmButton';
import { GatedButton } from '../Gated';
import { ResourceList, useListView, useMediaQuery, type ListQuery } from '../list';
import { NameDialog } from '../../forms';
import {
  SNAPSHOT_DEFAULT_SORT,
  SNAPSHOT_NOUN,
  SNAPSHOT_SEARCH,
  snapshotColumns,
  snapshotDescription,
  snapshotKey,
  type SnapshotRow,
} from './columns';
import { CreateSnapshotModal, type SnapshotRequest } from './CreateSnapshotModal';
import { ExpiryDialog } from './ExpiryDialog';
import { SnapshotActions, type SnapshotReasons } from './SnapshotActions';
import './snapshots.scss';

/** The calls to LXD; the table refreshes the owner's data after each (`refresh`). */
export interface SnapshotCalls<S> {
  create: (request: SnapshotRequest) => Promise<unknown>;
  /** `withState`: a stateful snapshot brings back the running state too. */
  restore: (snapshot: S, withState: boolean) => Promise<unknown>;
  rename: (from: string, to: string) => Promise<unknown>;
  remove: (snapshot: S) => Promise<unknown>;
  /**
   * The bulk delete through the bulk queue: the executor kind its feature registered, and the
   * plain data it needs of a snapshot.
   */
  removeMany: { kind: string; params: (snapshot: S) => unknown };
  /** Where the expiry of a snapshot can be changed (RFC 3339, the zero date for never). */
  updateExpiry?: ((snapshot: S, expiresAt: string) => Promise<unknown>) | undefined;
}

type Dialog<S> =
  { kind: 'create' } | { kind: 'rename'; snapshot: S } | { kind: 'expiry'; snapshot: S };

const NARROW = '(max-width: 619.98px)';
const countSnapshots = (count: number) =>
  `${String(count)} ${count === 1 ? SNAPSHOT_NOUN.one : SNAPSHOT_NOUN.other}`;

export function SnapshotsTable<S extends SnapshotRow>({
  kind,
  subject,
  listId,
  query,
  calls,
  refresh,
  stateful,
  descriptions = false,
  reasons,
  readOnly,
  moreActions,
  actionsWidth,
  className,
}: {
  kind: 'instance' | 'volume';
  /** The instance's or volume's name. */
  subject: string;
  /** The columns menu keeps its choice under `lxd-console.{listId}.hidden-columns`. */
  listId: string;
  query: ListQuery & { data?: S[] | undefined };
  calls: SnapshotCalls<S>;
  /** After each change: the owner's data is stale (the list, counts, the owner itself). */
  refresh: () => void;
  /** Instances: whether the instance runs (only then has it a state to save). */
  stateful?: { running: boolean } | undefined;
  /** A Description column, hidden until chosen. */
  descriptions?: boolean;
  reasons: SnapshotReasons;
  /** Why the snapshots cannot be changed here at all: no create, no row actions, no selection. */
  readOnly?: string | undefined;
  /** The owner's own row actions, before Delete (a new instance or image from a snapshot). */
  moreActions?: (snapshot: S) => ReactNode;
  /** The row actions' column in rem, wide and below 620 px. */
  actionsWidth: { wide: number; narrow: number };
  className?: string;
}) {
  const notify = useNotify();
  const narrow = useMediaQuery(NARROW);
  const [dialog, setDialog] = useState<Dialog<S>>();
  const [restoreState, setRestoreState] = useState(false);
  const close = () => setDialog(undefined);
  const names = (query.data ?? []).map((snapshot) => snapshot.name);
  const manageReason = readOnly ?? reasons.manage;
  const withState = stateful !== undefined;
  const columns = useMemo(
    () => snapshotColumns<S>({ stateful: withState, descriptions }),
    [withState, descriptions],
  );
  const owner = kind === 'volume' ? `Volume ${subject}` : subject;

  const view = useListView<S>({
    id: listId,
    rows: query.data,
    columns,
    rowKey: snapshotKey,
    defaultSort: SNAPSHOT_DEFAULT_SORT,
    search: SNAPSHOT_SEARCH,
    selectDisabledReason: manageReason === undefined ? undefined : () => manageReason,
  });

  const { restore: restoreCall, remove: removeCall, updateExpiry } = calls;
  const restore = useCallback(
    async (snapshot: S) => {
      await restoreCall(snapshot, snapshot.stateful === true && restoreState);
      refresh();
      notify.success(
        `Snapshot ${snapshot.name} restored`,
        `${subject} is back at ${snapshot.name}.`,
      );
    },
    [restoreCall, restoreState, refresh, notify, subject],
  );
  const remove = useCallback(
    async (snapshot: S) => {
      await removeCall(snapshot);
      refresh();
      notify.success(`Snapshot ${snapshot.name} deleted`);
    },
    [removeCall, refresh, notify],
  );
  const removeMany = useBulkAction<S>({
    noun: SNAPSHOT_NOUN,
    title: 'Delete',
    verb: 'deleted',
    label: snapshotKey,
    kind: calls.removeMany.kind,
    params: calls.removeMany.params,
    onSettled: refresh,
  });

  const rowActions = useCallback(
    (snapshot: S) => (
      <SnapshotActions
        snapshot={snapshot}
        restoreMessage={`${owner} will be put back to snapshot ${snapshot.name}. Changes since then are lost.`}
        deleteMessage={`Snapshot ${snapshot.name} of ${subject} will be deleted. This cannot be undone.`}
        restoreState={restoreState}
        onRestoreStateChange={setRestoreState}
        onRestore={restore}
        onRename={(chosen) => {
          setDialog({ kind: 'rename', snapshot: chosen });
        }}
        onExpiry={
          updateExpiry
            ? (chosen) => {
                setDialog({ kind: 'expiry', snapshot: chosen });
              }
            : undefined
        }
        onDelete={remove}
        more={moreActions?.(snapshot)}
        reasons={{ restore: reasons.restore, manage: reasons.manage }}
      />
    ),
    [
      owner,
      subject,
      restoreState,
      restore,
      updateExpiry,
      remove,
      moreActions,
      reasons.restore,
      reasons.manage,
    ],
  );

  const createButton = readOnly === undefined && (
    <GatedButton
      className="p-button--positive"
      reason={manageReason}
      onClick={() => {
        setDialog({ kind: 'create' });
      }}
    >
      Create snapshot
    </GatedButton>
  );

  return (
    <div className={className ? `snapshots-table ${className}` : 'snapshots-table'}>
      <ResourceList<S>
        view={view}
        label="Snapshots"
        noun={SNAPSHOT_NOUN}
        query={query}
        empty={{
          title: 'No snapshots yet',
          body: (
            <p>
              A snapshot keeps the {kind} as it is now, to restore it
              {kind === 'instance' ? ' or copy it' : ''} later.
            </p>
          ),
          action: createButton,
        }}
        toolbar={createButton}
        rowActions={readOnly === undefined ? rowActions : undefined}
        actionsWidth={narrow ? actionsWidth.narrow : actionsWidth.wide}
        rowLabel={snapshotKey}
        rowDescription={snapshotDescription}
        rowHeight={null}
        bulkActions={(selected, clear) => (
          <ConfirmButton
            danger
            className="p-button--negative is-dense"
            label="Delete"
            title={`Delete ${countSnapshots(selected.length)}`}
            message={
              <p>
                These snapshots of {subject} will be deleted:{' '}
                <strong>{selected.map((snapshot) => snapshot.name).join(', ')}</strong>. This cannot
                be undone.
              </p>
            }
            confirmLabel="Delete"
            reason={manageReason}
            onConfirm={async () => {
              await removeMany(selected);
              clear();
            }}
          />
        )}
      />
      {dialog?.kind === 'create' && (
        <CreateSnapshotModal
          subject={subject}
          kind={kind}
          stateful={stateful}
          existing={names}
          create={calls.create}
          onClose={close}
          onDone={(name) => {
            refresh();
            notify.success(name ? `Snapshot ${name} created` : 'Snapshot created');
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.snapshot.name}`}
          label="New snapshot name"
          initial={dialog.snapshot.name}
          submitLabel="Rename"
          onClose={close}
          validate={(value) =>
            snapshotNameError(value, names, { required: true, current: dialog.snapshot.name })
          }
          onSubmit={async (value) => {
            const from = dialog.snapshot.name;
            if (value === from) return;
            await calls.rename(from, value);
            refresh();
            notify.success(`Snapshot ${from} renamed to ${value}`);
          }}
        />
      )}
      {dialog?.kind === 'expiry' && updateExpiry && (
        <ExpiryDialog
          snapshot={dialog.snapshot}
          onClose={close}
          onSubmit={async (expiresAt) => {
            await updateExpiry(dialog.snapshot, expiresAt);
            refresh();
            notify.success(`Expiry of ${dialog.snapshot.name} saved`);
          }}
        />
      )}
    </div>
  );
}
