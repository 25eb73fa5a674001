import { useId, useState } from 'react';
import { createBucket, type PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey } from '../../../../lxd/types/storage';
import { FormFailure, SelectInput, TextInput, useResourceForm } from '../../../../shared/forms';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Link } from '../../../../shared/routing/router';
import { FormModal } from '../../../../shared/ui/FormModal';
import { useStorageWrite } from '../queries';
import { BUCKET_MESSAGES, bucketConfig, bucketNameError, bucketSizeError } from '../rules';
import { DialogForm } from './BucketDialogs';
import { SecretModal } from './KeySecret';

interface BucketValues {
  name: string;
  pool: string;
  size: string;
  description: string;
}

interface Created {
  name: string;
  pool: string;
  key: LxdStorageBucketKey;
}

/**
 * Create a bucket: name (LXD's rule, unique in the pool), pool, size and description. LXD makes
 * the bucket's admin key with it; its credentials are shown here once, with copy buttons.
 */
export function CreateBucketModal({
  project,
  pools,
  buckets,
  initialPool,
  onClose,
}: {
  project: string;
  /** The pools that support buckets. */
  pools: readonly string[];
  buckets: readonly PoolBucket[];
  initialPool?: string | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const notify = useNotify();
  const write = useStorageWrite();
  const [created, setCreated] = useState<Created>();
  const kit = useResourceForm<BucketValues>({
    defaultValues: {
      name: '',
      pool: initialPool && pools.includes(initialPool) ? initialPool : (pools[0] ?? ''),
      size: '',
      description: '',
    },
    validate: ({ name, pool, size }) => ({
      name: bucketNameError(
        name,
        buckets.filter((bucket) => bucket.pool === pool).map((bucket) => bucket.name),
      ),
      pool: pool ? undefined : BUCKET_MESSAGES.poolRequired,
      size: bucketSizeError(size),
    }),
    onSubmit: async ({ name, pool, size, description }) => {
      const key = await write(() =>
        createBucket(project, pool, { name, description, config: bucketConfig(size) }),
      );
      notify.success('Bucket created', `Bucket ${name} was created in pool ${pool}.`);
      if (key) setCreated({ name, pool, key });
      else onClose();
    },
  });

  if (created) {
    return (
      <SecretModal title="Bucket created" credentials={created.key} onClose={onClose}>
        <p>
          Bucket{' '}
          <Link to={paths.storageBucket(project, created.pool, created.name)}>{created.name}</Link>{' '}
          was created with its admin key.
        </p>
      </SecretModal>
    );
  }

  return (
    <FormModal
      title="Create bucket"
      formId={formId}
      busy={kit.busy}
      submitLabel="Create"
      onClose={onClose}
    >
      <DialogForm kit={kit} id={formId} label="Create bucket" legend="Bucket">
        <TextInput name="name" label="Name" />
        <SelectInput
          name="pool"
          label="Storage pool"
          options={pools.map((pool) => ({ value: pool, label: pool }))}
        />
        <TextInput name="size" label="Size" help="Optional, for example 10GiB." />
        <TextInput name="description" label="Description" />
      </DialogForm>
      <FormFailure failure={kit.failure} what="bucket" action="create" />
    </FormModal>
  );
}
