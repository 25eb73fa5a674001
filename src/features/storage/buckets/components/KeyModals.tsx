import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  createBucketKey,
  fetchBucketKey,
  updateBucketKey,
  type BucketRef,
} from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey } from '../../../../lxd/types/storage';
import { FormFailure, SelectInput, TextInput, useResourceForm } from '../../../../shared/forms';
import { useNotify } from '../../../../shared/notifications';
import { FormModal } from '../../../../shared/ui/FormModal';
import { bucketKeyQuery, useStorageWrite } from '../queries';
import { KEY_ROLES, keyCreateBody, keyNameError, keyUpdateBody } from '../rules';
import { DialogForm, EditDialog, type VersionedFormProps } from './BucketDialogs';
import { SecretModal } from './KeySecret';

interface KeyValues {
  name: string;
  role: string;
  description: string;
  accessKey: string;
  secretKey: string;
}

type KeyEditValues = Pick<KeyValues, 'role' | 'description'>;
type VersionedKey = LxdStorageBucketKey & { etag?: string | undefined };

const GENERATED = 'Leave empty to have one generated.';

/**
 * Create a key: name, role, description, and optionally its own access and secret key (LXD makes
 * them otherwise). The credentials are then shown once, with copy buttons.
 */
export function CreateKeyModal({
  bucketRef,
  existing,
  onClose,
}: {
  bucketRef: BucketRef;
  existing: readonly string[];
  onClose: () => void;
}) {
  const formId = useId();
  const notify = useNotify();
  const write = useStorageWrite();
  const [created, setCreated] = useState<LxdStorageBucketKey>();
  const kit = useResourceForm<KeyValues>({
    defaultValues: { name: '', role: 'read-only', description: '', accessKey: '', secretKey: '' },
    validate: ({ name }) => ({ name: keyNameError(name, existing) }),
    onSubmit: async (values) => {
      const body = keyCreateBody(values);
      const key = await write(() => createBucketKey(bucketRef, body));
      notify.success('Key created', `Key ${body.name} was added to bucket ${bucketRef.bucket}.`);
      if (key) setCreated(key);
      else onClose();
    },
  });

  if (created) return <SecretModal title="Key created" credentials={created} onClose={onClose} />;
  return (
    <FormModal
      title="Create key"
      formId={formId}
      busy={kit.busy}
      submitLabel="Create"
      onClose={onClose}
    >
      <DialogForm
        kit={kit}
        id={formId}
        label="Create key"
        legend={`Key of bucket ${bucketRef.bucket}`}
      >
        <TextInput name="name" label="Name" />
        <SelectInput name="role" label="Role" options={KEY_ROLES} />
        <TextInput name="description" label="Description" />
        <TextInput name="accessKey" label="Access key (optional)" help={GENERATED} />
        <TextInput name="secretKey" label="Secret key (optional)" help={GENERATED} />
      </DialogForm>
      <FormFailure failure={kit.failure} what="key" action="create" />
    </FormModal>
  );
}

function KeyEditForm({
  formId,
  base,
  ...props
}: VersionedFormProps<LxdStorageBucketKey, KeyEditValues>) {
  const kit = useResourceForm<KeyEditValues>({
    defaultValues: { role: base.role, description: base.description },
    ...props,
  });
  return (
    <DialogForm kit={kit} id={formId} label={`Edit key ${base.name}`} legend={`Key ${base.name}`}>
      <SelectInput name="role" label="Role" options={KEY_ROLES} />
      <TextInput name="description" label="Description" />
    </DialogForm>
  );
}

/** Edit a key's role and description, read afresh with its ETag (If-Match; 412 = conflict). */
export function EditKeyModal({
  bucketRef,
  keyName,
  onClose,
}: {
  bucketRef: BucketRef;
  keyName: string;
  onClose: () => void;
}) {
  const detail = useQuery(bucketKeyQuery(bucketRef, keyName));
  const write = useStorageWrite();
  return (
    <EditDialog<VersionedKey, KeyEditValues>
      title={`Edit key ${keyName}`}
      noun="key"
      query={detail}
      fetchLatest={() => fetchBucketKey(bucketRef, keyName)}
      // The credentials stay as they are (those of the version the save goes against).
      save={(values, etag, base) =>
        write(() => updateBucketKey(bucketRef, keyName, keyUpdateBody(base, values), etag))
      }
      saved={['Key updated', `Key ${keyName} was saved.`]}
      onClose={onClose}
      form={(props) => <KeyEditForm {...props} />}
    />
  );
}
