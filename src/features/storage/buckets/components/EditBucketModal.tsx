import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  fetchBucket,
  updateBucket,
  type BucketRef,
  type PoolBucket,
} from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketPut } from '../../../../lxd/types/storage';
import { ResourceForm, TextInput, useResourceForm } from '../../../../shared/forms';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { FormModal } from '../../../../shared/ui/FormModal';
import { bucketQuery, useStorageWrite } from '../queries';
import { bucketConfig, bucketSizeError } from '../rules';
import { FreshModal } from './FreshModal';

interface BucketEditValues {
  size: string;
  description: string;
}

type VersionedBucket = PoolBucket & { etag?: string | undefined };

const valuesOf = (bucket: PoolBucket): BucketEditValues => ({
  size: bucket.config.size ?? '',
  description: bucket.description,
});

function BucketEditFields({
  formId,
  bucket,
  onSubmit,
  onDirtyChange,
  busy,
}: {
  formId: string;
  bucket: PoolBucket;
  onSubmit: (values: BucketEditValues) => void;
  onDirtyChange: (dirty: boolean) => void;
  busy: boolean;
}) {
  const kit = useResourceForm<BucketEditValues>({
    defaultValues: valuesOf(bucket),
    validate: ({ size }) => ({ size: bucketSizeError(size) }),
    onSubmit,
    onDirtyChange,
    busy,
  });
  return (
    <ResourceForm kit={kit} id={formId} label={`Edit bucket ${bucket.name}`}>
      <fieldset disabled={busy} className="bucket-form__fields">
        <legend className="u-off-screen">Bucket {bucket.name}</legend>
        <TextInput name="size" label="Size" help="For example 10GiB; empty for no limit." />
        <TextInput name="description" label="Description" />
      </fieldset>
    </ResourceForm>
  );
}

function EditForm({
  bucketRef,
  bucket,
  onClose,
}: {
  bucketRef: BucketRef;
  bucket: VersionedBucket;
  onClose: () => void;
}) {
  const formId = useId();
  const notify = useNotify();
  const write = useStorageWrite();
  const update = useMutation({
    mutationFn: ({ body, etag }: { body: LxdStorageBucketPut; etag: string | undefined }) =>
      write(() => updateBucket(bucketRef, body, etag)),
  });
  const edit = useVersionedEdit<VersionedBucket, BucketEditValues>({
    what: 'bucket',
    latest: bucket,
    fetchLatest: () => fetchBucket(bucketRef),
    send: (values, etag, onSaved) => {
      const body = {
        description: values.description,
        config: bucketConfig(values.size, edit.base.config),
      };
      update.mutate(
        { body, etag },
        {
          onSuccess: () => {
            notify.success('Bucket updated', `Bucket ${bucket.name} was saved.`);
            onSaved();
            onClose();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });
  return (
    <FormModal
      title={`Edit bucket ${bucket.name}`}
      formId={formId}
      busy={update.isPending}
      submitLabel="Save"
      onClose={onClose}
    >
      <BucketEditFields
        key={edit.formKey}
        formId={formId}
        bucket={edit.base}
        onSubmit={edit.save}
        onDirtyChange={edit.onDirtyChange}
        busy={update.isPending}
      />
      {edit.notice}
    </FormModal>
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
  return (
    <FreshModal
      title={`Edit bucket ${bucketRef.bucket}`}
      query={detail}
      noun="bucket"
      onClose={onClose}
    >
      {(bucket) => <EditForm bucketRef={bucketRef} bucket={bucket} onClose={onClose} />}
    </FreshModal>
  );
}
