import { useQuery } from '@tanstack/react-query';
import {
  fetchBucket,
  updateBucket,
  type BucketRef,
  type PoolBucket,
} from '../../../../lxd/endpoints/storage-buckets';
import { TextInput, useResourceForm } from '../../../../shared/forms';
import { bucketQuery, useStorageWrite } from '../queries';
import { bucketConfig, bucketSizeError } from '../rules';
import { DialogForm, EditDialog, type VersionedFormProps } from './BucketDialogs';

interface BucketEditValues {
  size: string;
  description: string;
}

type VersionedBucket = PoolBucket & { etag?: string | undefined };

function BucketEditForm({
  formId,
  base,
  ...props
}: VersionedFormProps<PoolBucket, BucketEditValues>) {
  const kit = useResourceForm<BucketEditValues>({
    defaultValues: { size: base.config.size ?? '', description: base.description },
    validate: ({ size }) => ({ size: bucketSizeError(size) }),
    ...props,
  });
  return (
    <DialogForm
      kit={kit}
      id={formId}
      label={`Edit bucket ${base.name}`}
      legend={`Bucket ${base.name}`}
    >
      <TextInput name="size" label="Size" help="For example 10GiB; empty for no limit." />
      <TextInput name="description" label="Description" />
    </DialogForm>
  );
}

/**
 * Edit a bucket's size and description: the bucket is read afresh with its ETag, which goes back
 * as If-Match; a 412 says someone else changed it and keeps the user's values.
 */
export function EditBucketModal({
  bucketRef,
  onClose,
}: {
  bucketRef: BucketRef;
  onClose: () => void;
}) {
  const detail = useQuery({ ...bucketQuery(bucketRef), staleTime: 0 });
  const write = useStorageWrite();
  return (
    <EditDialog<VersionedBucket, BucketEditValues>
      title={`Edit bucket ${bucketRef.bucket}`}
      noun="bucket"
      query={detail}
      fetchLatest={() => fetchBucket(bucketRef)}
      save={(values, etag, base) =>
        write(() =>
          updateBucket(
            bucketRef,
            { description: values.description, config: bucketConfig(values.size, base.config) },
            etag,
          ),
        )
      }
      saved={['Bucket updated', `Bucket ${bucketRef.bucket} was saved.`]}
      onClose={onClose}
      form={(props) => <BucketEditForm {...props} />}
    />
  );
}
