import { useState } from 'react';
import {
  bucketTarget,
  deleteBucket,
  type BucketRef,
  type PoolBucket,
} from '../../../../lxd/endpoints/storage-buckets';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';
import { clsx } from '../../../../shared/ui/clsx';
import { paths } from '../../../../shared/routing/paths';
import { useNavigate } from '../../../../shared/routing/router';
import { useStorageWrite } from '../queries';
import { EditBucketModal } from './EditBucketModal';

export function bucketRefOf(project: string, bucket: PoolBucket): BucketRef {
  return {
    project,
    pool: bucket.pool,
    bucket: bucket.name,
    member: bucketTarget(bucket.location),
  };
}

/**
 * Edit and Delete of a bucket: in a list row as icon buttons named after the bucket, or in the
 * detail page's header as labelled buttons (a deletion there goes back to the list).
 */
export function BucketActions({
  project,
  bucket,
  dense = false,
}: {
  project: string;
  bucket: PoolBucket;
  dense?: boolean;
}) {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const notify = useNotify();
  const write = useStorageWrite();
  const [editing, setEditing] = useState(false);
  const ref = bucketRefOf(project, bucket);
  const deleteReason = permissions.on('bucket', 'delete', bucket);
  const iconClass = dense ? 'p-button--base is-dense has-icon bucket-row-action' : undefined;

  return (
    <span className={clsx('bucket-actions', dense && 'bucket-actions--dense')}>
      <GatedButton
        className={dense ? 'p-button--base is-dense bucket-row-action' : 'p-button'}
        reason={permissions.on('bucket', 'edit', bucket)}
        aria-label={dense ? `Edit ${bucket.name}` : undefined}
        onClick={() => {
          setEditing(true);
        }}
      >
        Edit
      </GatedButton>
      <ConfirmButton
        label={
          dense ? (
            <>
              <i className="p-icon--delete" aria-hidden="true" />
              <span className="u-off-screen">Delete {bucket.name}</span>
            </>
          ) : (
            'Delete'
          )
        }
        className={iconClass}
        title="Delete bucket"
        confirmLabel="Delete"
        danger
        reason={deleteReason}
        message={
          <p>
            This will permanently delete bucket <strong>{bucket.name}</strong> from pool{' '}
            <strong>{bucket.pool}</strong>, with its contents and its keys.
          </p>
        }
        onConfirm={async () => {
          // The page leaves before the deleted bucket is asked for again.
          await write(
            () => deleteBucket(ref),
            () => {
              if (!dense) void navigate(paths.storageBuckets(project));
            },
          );
          notify.success('Bucket deleted', `Bucket ${bucket.name} was deleted.`);
        }}
      />
      {editing && (
        <EditBucketModal
          bucketRef={ref}
          onClose={() => {
            setEditing(false);
          }}
        />
      )}
    </span>
  );
}
