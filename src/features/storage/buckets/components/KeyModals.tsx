import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { isEtagConflict } from '../../../../lxd/client';
import {
  createBucketKey,
  fetchBucketKey,
  updateBucketKey,
  type BucketRef,
} from '../../../../lxd/endpoints/storage-buckets';
import type { LxdStorageBucketKey } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { ConflictNotice } from '../../../../shared/ui/ConflictNotice';
import { Loader } from '../../../../shared/ui/Loader';
import { Modal } from '../../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../../shared/ui/ModalFormFooter';
import { ErrorNotice } from '../../../../shared/ui/States';
import { bucketKeyQuery, useStorageWrite } from '../queries';
import { KEY_ROLES, keyCreateBody, keyNameError, keyUpdateBody } from '../rules';
import { Field } from './BucketFields';
import { KeySecret } from './KeySecret';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

function RoleSelect({ value, onChange }: { value: string; onChange: (role: string) => void }) {
  return (
    <Field label="Role">
      {(props) => (
        <select
          {...props}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        >
          {KEY_ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function TextField({
  label,
  value,
  onChange,
  error,
  help,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  help?: string;
}) {
  return (
    <Field label={label} error={error} help={help}>
      {(props) => (
        <input
          {...props}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      )}
    </Field>
  );
}

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
  const [values, setValues] = useState({
    name: '',
    role: 'read-only',
    description: '',
    accessKey: '',
    secretKey: '',
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [created, setCreated] = useState<LxdStorageBucketKey>();
  const close = useStableCallback(() => {
    if (!busy) onClose();
  });
  const nameError = keyNameError(values.name, existing);
  const set = (patch: Partial<typeof values>) => {
    setValues({ ...values, ...patch });
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError) return;
    setBusy(true);
    setError(undefined);
    try {
      const body = keyCreateBody(values);
      const key = await write(() => createBucketKey(bucketRef, body));
      notify.success('Key created', `Key ${body.name} was added to bucket ${bucketRef.bucket}.`);
      if (key) setCreated(key);
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
        title="Key created"
        onClose={close}
        footer={
          <button type="button" className="p-button--positive" onClick={onClose}>
            Done
          </button>
        }
      >
        <KeySecret credentials={created} />
      </Modal>
    );
  }

  return (
    <Modal
      title="Create key"
      onClose={close}
      footer={
        <ModalFormFooter formId={formId} busy={busy} submitLabel="Create" onCancel={onClose} />
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={busy} className="bucket-form__fields">
          <legend className="u-off-screen">Key of bucket {bucketRef.bucket}</legend>
          <TextField
            label="Name"
            value={values.name}
            error={touched ? nameError : undefined}
            onChange={(name) => {
              set({ name });
            }}
          />
          <RoleSelect
            value={values.role}
            onChange={(role) => {
              set({ role });
            }}
          />
          <TextField
            label="Description"
            value={values.description}
            onChange={(description) => {
              set({ description });
            }}
          />
          <TextField
            label="Access key (optional)"
            help="Leave empty to have one generated."
            value={values.accessKey}
            onChange={(accessKey) => {
              set({ accessKey });
            }}
          />
          <TextField
            label="Secret key (optional)"
            help="Leave empty to have one generated."
            value={values.secretKey}
            onChange={(secretKey) => {
              set({ secretKey });
            }}
          />
        </fieldset>
      </form>
      {error !== undefined && <ErrorNotice title="Could not create the key" error={error} />}
    </Modal>
  );
}

function EditKeyForm({
  bucketRef,
  keyData,
  onClose,
}: {
  bucketRef: BucketRef;
  keyData: LxdStorageBucketKey & { etag?: string | undefined };
  onClose: () => void;
}) {
  const formId = useId();
  const notify = useNotify();
  const write = useStorageWrite();
  const [base, setBase] = useState(keyData);
  const [values, setValues] = useState({ role: keyData.role, description: keyData.description });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const close = useStableCallback(() => {
    if (!busy) onClose();
  });

  const save = async (current: typeof base) => {
    setBusy(true);
    setError(undefined);
    try {
      await write(() =>
        updateBucketKey(bucketRef, current.name, keyUpdateBody(current, values), current.etag),
      );
      notify.success('Key updated', `Key ${current.name} was saved.`);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const reload = async () => {
    const fresh = await fetchBucketKey(bucketRef, base.name);
    setBase(fresh);
    return fresh;
  };

  return (
    <Modal
      title={`Edit key ${base.name}`}
      onClose={close}
      footer={<ModalFormFooter formId={formId} busy={busy} submitLabel="Save" onCancel={onClose} />}
    >
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          void save(base);
        }}
        noValidate
      >
        <fieldset disabled={busy} className="bucket-form__fields">
          <legend className="u-off-screen">Key {base.name}</legend>
          <RoleSelect
            value={values.role}
            onChange={(role) => {
              setValues({ ...values, role });
            }}
          />
          <TextField
            label="Description"
            value={values.description}
            onChange={(description) => {
              setValues({ ...values, description });
            }}
          />
        </fieldset>
      </form>
      {error !== undefined && isEtagConflict(error) ? (
        <ConflictNotice
          what="key"
          onOverwrite={() => void reload().then(save).catch(setError)}
          onDiscard={() =>
            void reload()
              .then((fresh) => {
                setValues({ role: fresh.role, description: fresh.description });
                setError(undefined);
              })
              .catch(setError)
          }
        />
      ) : (
        error !== undefined && <ErrorNotice title="Could not save the key" error={error} />
      )}
    </Modal>
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
  const close = useStableCallback(onClose);
  if (detail.data && detail.isFetchedAfterMount) {
    return <EditKeyForm bucketRef={bucketRef} keyData={detail.data} onClose={onClose} />;
  }
  return (
    <Modal title={`Edit key ${keyName}`} onClose={close}>
      {detail.error ? (
        <ErrorNotice
          title="Could not load the key"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Loader text="Loading key…" />
      )}
    </Modal>
  );
}
