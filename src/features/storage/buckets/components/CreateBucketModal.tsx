import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from '../../../../shared/routing/router';
import { createBucket, type PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Modal } from '../../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../../shared/ui/ModalFormFooter';
import { ErrorNotice } from '../../../../shared/ui/States';
import { useStorageWrite } from '../queries';
import { BUCKET_MESSAGES, bucketConfig, bucketNameError, bucketSizeError } from '../rules';
import { Field } from './BucketFields';
import { KeySecret } from './KeySecret';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

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
  const [name, setName] = useState('');
  const [pool, setPool] = useState(
    initialPool && pools.includes(initialPool) ? initialPool : (pools[0] ?? ''),
  );
  const [size, setSize] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [created, setCreated] = useState<Created>();
  const close = useStableCallback(() => {
    if (!busy) onClose();
  });

  const taken = buckets.filter((bucket) => bucket.pool === pool).map((bucket) => bucket.name);
  const errors = {
    name: bucketNameError(name, taken),
    pool: pool ? undefined : BUCKET_MESSAGES.poolRequired,
    size: bucketSizeError(size),
  };
  const shown = touched ? errors : { name: undefined, pool: undefined, size: undefined };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name || errors.pool || errors.size) return;
    setBusy(true);
    setError(undefined);
    try {
      const key = await write(() =>
        createBucket(project, pool, { name, description, config: bucketConfig(size) }),
      );
      notify.success('Bucket created', `Bucket ${name} was created in pool ${pool}.`);
      if (key) setCreated({ name, pool, key });
      else onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Modal
        title="Bucket created"
        onClose={close}
        footer={
          <button type="button" className="p-button--positive" onClick={onClose}>
            Done
          </button>
        }
      >
        <p>
          Bucket{' '}
          <Link to={paths.storageBucket(project, created.pool, created.name)}>{created.name}</Link>{' '}
          was created with its admin key.
        </p>
        <KeySecret credentials={created.key} />
      </Modal>
    );
  }

  return (
    <Modal
      title="Create bucket"
      onClose={close}
      footer={
        <ModalFormFooter formId={formId} busy={busy} submitLabel="Create" onCancel={onClose} />
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={busy} className="bucket-form__fields">
          <legend className="u-off-screen">Bucket</legend>
          <Field label="Name" error={shown.name}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                spellCheck={false}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                }}
              />
            )}
          </Field>
          <Field label="Storage pool" error={shown.pool}>
            {(props) => (
              <select
                {...props}
                value={pool}
                onChange={(e) => {
                  setPool(e.target.value);
                }}
              >
                {pools.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {candidate}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Size" error={shown.size} help="Optional, for example 10GiB.">
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                value={size}
                onChange={(e) => {
                  setSize(e.target.value);
                }}
              />
            )}
          </Field>
          <Field label="Description">
            {(props) => (
              <input
                {...props}
                type="text"
                value={description}
                onChange={(e) => {
                  setDescription(e.target.value);
                }}
              />
            )}
          </Field>
        </fieldset>
      </form>
      {error !== undefined && <ErrorNotice title="Could not create the bucket" error={error} />}
    </Modal>
  );
}
