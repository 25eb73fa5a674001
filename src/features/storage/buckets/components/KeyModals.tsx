import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  createBucketKey,
  fetchBucketKey,
  updateBucketKey,
  type BucketRef,
} from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey, LxdStorageBucketKeyPut } from '../../../../lxd/types/storage';
import {
  FormFailure,
  ResourceForm,
  SelectInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { FormModal } from '../../../../shared/ui/FormModal';
import { bucketKeyQuery, useStorageWrite } from '../queries';
import { KEY_ROLES, keyCreateBody, keyNameError, keyUpdateBody } from '../rules';
import { FreshModal } from './FreshModal';
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
      <ResourceForm kit={kit} id={formId} label="Create key">
        <fieldset disabled={kit.busy} className="bucket-form__fields">
          <legend className="u-off-screen">Key of bucket {bucketRef.bucket}</legend>
          <TextInput name="name" label="Name" />
          <SelectInput name="role" label="Role" options={KEY_ROLES} />
          <TextInput name="description" label="Description" />
          <TextInput name="accessKey" label="Access key (optional)" help={GENERATED} />
          <TextInput name="secretKey" label="Secret key (optional)" help={GENERATED} />
        </fieldset>
      </ResourceForm>
      <FormFailure failure={kit.failure} what="key" action="create" />
    </FormModal>
  );
}

function KeyEditFields({
  formId,
  keyData,
  onSubmit,
  onDirtyChange,
  busy,
}: {
  formId: string;
  keyData: LxdStorageBucketKey;
  onSubmit: (values: KeyEditValues) => void;
  onDirtyChange: (dirty: boolean) => void;
  busy: boolean;
}) {
  const kit = useResourceForm<KeyEditValues>({
    defaultValues: { role: keyData.role, description: keyData.description },
    onSubmit,
    onDirtyChange,
    busy,
  });
  return (
    <ResourceForm kit={kit} id={formId} label={`Edit key ${keyData.name}`}>
      <fieldset disabled={busy} className="bucket-form__fields">
        <legend className="u-off-screen">Key {keyData.name}</legend>
        <SelectInput name="role" label="Role" options={KEY_ROLES} />
        <TextInput name="description" label="Description" />
      </fieldset>
    </ResourceForm>
  );
}

function EditKeyForm({
  bucketRef,
  keyData,
  onClose,
}: {
  bucketRef: BucketRef;
  keyData: VersionedKey;
  onClose: () => void;
}) {
  const formId = useId();
  const notify = useNotify();
  const write = useStorageWrite();
  const update = useMutation({
    mutationFn: ({ body, etag }: { body: LxdStorageBucketKeyPut; etag: string | undefined }) =>
      write(() => updateBucketKey(bucketRef, keyData.name, body, etag)),
  });
  const edit = useVersionedEdit<VersionedKey, KeyEditValues>({
    what: 'key',
    latest: keyData,
    fetchLatest: () => fetchBucketKey(bucketRef, keyData.name),
    send: (values, etag, onSaved) => {
      update.mutate(
        // The credentials stay as they are (those of the version the save goes against).
        { body: keyUpdateBody(edit.base, values), etag },
        {
          onSuccess: () => {
            notify.success('Key updated', `Key ${keyData.name} was saved.`);
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
      title={`Edit key ${keyData.name}`}
      formId={formId}
      busy={update.isPending}
      submitLabel="Save"
      onClose={onClose}
    >
      <KeyEditFields
        key={edit.formKey}
        formId={formId}
        keyData={edit.base}
        onSubmit={edit.save}
        onDirtyChange={edit.onDirtyChange}
        busy={update.isPending}
      />
      {edit.notice}
    </FormModal>
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
  return (
    <FreshModal title={`Edit key ${keyName}`} query={detail} noun="key" onClose={onClose}>
      {(keyData) => <EditKeyForm bucketRef={bucketRef} keyData={keyData} onClose={onClose} />}
    </FreshModal>
  );
}
