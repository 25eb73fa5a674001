import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { deleteBucketKey, type BucketRef } from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { SortedTable, type ListColumn } from '../../../../shared/ui/list';
import { bucketKeysQuery, useStorageWrite } from '../queries';
import { roleLabel } from '../rules';
import { CopyButton } from '../../../../shared/ui/CopyButton';
import { CreateKeyModal, EditKeyModal } from './KeyModals';

const keyName = (key: LxdStorageBucketKey) => key.name;

const COLUMNS: ListColumn<LxdStorageBucketKey>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 12,
    rowHeader: true,
    sortValue: keyName,
    cell: (key) => <span title={key.name}>{key.name}</span>,
  },
  {
    id: 'role',
    header: 'Role',
    width: 8,
    sortValue: (key) => roleLabel(key.role),
    cell: (key) => roleLabel(key.role),
  },
  {
    id: 'description',
    header: 'Description',
    priority: 2,
    sortValue: (key) => key.description,
    cell: (key) => <span title={key.description}>{key.description}</span>,
  },
  {
    id: 'access-key',
    header: 'Access key',
    priority: 2,
    sortValue: (key) => key['access-key'],
    cell: (key) => (
      <span className="bucket-s3">
        <code className="bucket-s3__url" title={key['access-key']}>
          {key['access-key']}
        </code>
        <CopyButton
          value={key['access-key']}
          what={`access key of ${key.name}`}
          className="bucket-copy"
        />
      </span>
    ),
  },
];

function KeyRowActions({
  bucketRef,
  keyData,
  reason,
  onEdit,
}: {
  bucketRef: BucketRef;
  keyData: LxdStorageBucketKey;
  reason: string | undefined;
  onEdit: () => void;
}) {
  const notify = useNotify();
  const write = useStorageWrite();
  return (
    <span className="bucket-actions bucket-actions--dense">
      <GatedButton
        className="p-button--base is-dense bucket-row-action"
        reason={reason}
        aria-label={`Edit key ${keyData.name}`}
        onClick={onEdit}
      >
        Edit
      </GatedButton>
      <ConfirmButton
        label={
          <>
            <i className="p-icon--delete" aria-hidden="true" />
            <span className="u-off-screen">Delete key {keyData.name}</span>
          </>
        }
        className="p-button--base is-dense has-icon bucket-row-action"
        title="Delete key"
        confirmLabel="Delete"
        danger
        reason={reason}
        message={
          <p>
            Key <strong>{keyData.name}</strong> will be deleted: clients using it lose access to
            bucket {bucketRef.bucket}.
          </p>
        }
        onConfirm={async () => {
          await write(() => deleteBucketKey(bucketRef, keyData.name));
          notify.success('Key deleted', `Key ${keyData.name} was deleted.`);
        }}
      />
    </span>
  );
}

/** The keys tab: name, role, description, access key; create (secret shown once), edit, delete. */
export function BucketKeys({
  bucketRef,
  reason,
}: {
  bucketRef: BucketRef;
  /** Why the identity may not change the bucket's keys (spec §6: its can_edit), if so. */
  reason: string | undefined;
}) {
  const keys = useQuery(bucketKeysQuery(bucketRef));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string>();
  const names = useMemo(() => (keys.data ?? []).map(keyName), [keys.data]);

  return (
    <section className="bucket-keys" aria-labelledby="bucket-keys-heading">
      <div className="bucket-keys__header">
        <h2 className="p-heading--5" id="bucket-keys-heading">
          Keys
        </h2>
        <GatedButton
          className="p-button--positive"
          reason={reason}
          onClick={() => {
            setCreating(true);
          }}
        >
          Create key
        </GatedButton>
      </div>
      {keys.isPending && <Loader text="Loading keys…" />}
      {keys.error && (
        <ErrorNotice
          title="Could not load the keys"
          error={keys.error}
          onRetry={() => void keys.refetch()}
        />
      )}
      {keys.data && (
        <SortedTable<LxdStorageBucketKey>
          label={`Keys of bucket ${bucketRef.bucket}`}
          rows={keys.data}
          columns={COLUMNS}
          rowKey={keyName}
          rowLabel={keyName}
          initialSort={{ column: 'name', direction: 'ascending' }}
          empty="This bucket has no keys."
          actionsWidth={7}
          rowActions={(key) => (
            <KeyRowActions
              bucketRef={bucketRef}
              keyData={key}
              reason={reason}
              onEdit={() => {
                setEditing(key.name);
              }}
            />
          )}
        />
      )}
      {creating && (
        <CreateKeyModal
          bucketRef={bucketRef}
          existing={names}
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {editing !== undefined && (
        <EditKeyModal
          bucketRef={bucketRef}
          keyName={editing}
          onClose={() => {
            setEditing(undefined);
          }}
        />
      )}
    </section>
  );
}
