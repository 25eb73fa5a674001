import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { isEtagConflict } from '../../../../lxd/client';
import {
  fetchBucket,
  updateBucket,
  type BucketRef,
  type PoolBucket,
} from '../../../../lxd/endpoints/storage-buckets';
import { useNotify } from '../../../../shared/notifications';
import { ConflictNotice } from '../../../../shared/ui/ConflictNotice';
import { Loader } from '../../../../shared/ui/Loader';
import { Modal } from '../../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../../shared/ui/ModalFormFooter';
import { ErrorNotice } from '../../../../shared/ui/States';
import { bucketQuery, useStorageWrite } from '../queries';
import { bucketConfig, bucketSizeError } from '../rules';
import { Field } from './BucketFields';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

interface Values {
  size: string;
  description: string;
}

const valuesOf = (bucket: PoolBucket): Values => ({
  size: bucket.config.size ?? '',
  description: bucket.description,
});

function EditForm({
  bucketRef,
  bucket,
  onClose,
}: {
  bucketRef: BucketRef;
  bucket: PoolBucket & { etag?: string | undefined };
  onClose: () => void;
}) {
  const formId = useId();
  const notify = useNotify();
  const write = useStorageWrite();
  const [values, setValues] = useState<Values>(() => valuesOf(bucket));
  const [etag, setEtag] = useState(bucket.etag);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const sizeError = bucketSizeError(values.size);
  const close = useStableCallback(() => {
    if (!busy) onClose();
  });

  const save = async (withEtag: string | undefined) => {
    setBusy(true);
    setError(undefined);
    try {
      await write(() =>
        updateBucket(
          bucketRef,
          { description: values.description, config: bucketConfig(values.size, bucket.config) },
          withEtag,
        ),
      );
      notify.success('Bucket updated', `Bucket ${bucket.name} was saved.`);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (sizeError) return;
    void save(etag);
  };
  const overwrite = async () => {
    const fresh = await fetchBucket(bucketRef);
    setEtag(fresh.etag);
    await save(fresh.etag);
  };
  const discard = async () => {
    const fresh = await fetchBucket(bucketRef);
    setEtag(fresh.etag);
    setValues(valuesOf(fresh));
    setError(undefined);
  };

  return (
    <Modal
      title={`Edit bucket ${bucket.name}`}
      onClose={close}
      footer={<ModalFormFooter formId={formId} busy={busy} submitLabel="Save" onCancel={onClose} />}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="bucket-form__fields">
          <legend className="u-off-screen">Bucket {bucket.name}</legend>
          <Field
            label="Size"
            error={touched ? sizeError : undefined}
            help="For example 10GiB; empty for no limit."
          >
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                value={values.size}
                onChange={(e) => {
                  setValues({ ...values, size: e.target.value });
                }}
              />
            )}
          </Field>
          <Field label="Description">
            {(props) => (
              <input
                {...props}
                type="text"
                value={values.description}
                onChange={(e) => {
                  setValues({ ...values, description: e.target.value });
                }}
              />
            )}
          </Field>
        </fieldset>
      </form>
      {error !== undefined && isEtagConflict(error) ? (
        <ConflictNotice
          what="bucket"
          onOverwrite={() => void overwrite().catch(setError)}
          onDiscard={() => void discard().catch(setError)}
        />
      ) : (
        error !== undefined && <ErrorNotice title="Could not save the bucket" error={error} />
      )}
    </Modal>
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
  const close = useStableCallback(onClose);
  // The form opens on a fresh read (its ETag), then keeps the user's values through refreshes.
  if (detail.data && detail.isFetchedAfterMount) {
    return <EditForm bucketRef={bucketRef} bucket={detail.data} onClose={onClose} />;
  }
  return (
    <Modal title={`Edit bucket ${bucketRef.bucket}`} onClose={close}>
      {detail.error ? (
        <ErrorNotice
          title="Could not load the bucket"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Loader text="Loading bucket…" />
      )}
    </Modal>
  );
}
