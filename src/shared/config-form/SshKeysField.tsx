import { useId, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { DEFAULT_PRODUCT_NAME } from '../../lxd/product';
import type { ConfigFormValues } from './mapping';
import {
  SSH_KEY_PREFIX,
  mergeSshKey,
  removeUserDataSshKey,
  sshKeyProblems,
  userDataSshKeys,
  type SshKey,
} from './user-config';

type Problems = Partial<Record<keyof SshKey | 'merge', string>>;

const EMPTY_DRAFT: SshKey = { name: '', user: 'root', key: '' };

/** "ssh-ed25519 AAAAC3…XyZ me@laptop": the type, the data's ends and the comment. */
function shortKey(key: string): string {
  const [type = '', data = '', ...comment] = key.trim().split(/\s+/);
  const shown = data.length > 24 ? `${data.slice(0, 12)}…${data.slice(-8)}` : data;
  return [type, shown, ...comment].join(' ');
}

function KeyList({
  keys,
  onRemove,
}: {
  keys: readonly { name: string; user: string; key: string }[];
  onRemove: (index: number) => void;
}) {
  if (keys.length === 0) return <p className="u-text--muted">No SSH keys.</p>;
  return (
    <ul className="p-list ssh-keys__list" aria-label="SSH keys">
      {keys.map((item, index) => (
        <li
          key={`${item.user}-${item.key}-${String(index)}`}
          className="p-list__item ssh-keys__item"
        >
          <span>
            <strong>{item.name || 'Unnamed key'}</strong> for <code>{item.user}</code>{' '}
            <code className="ssh-keys__key" title={item.key}>
              {shortKey(item.key)}
            </code>
          </span>
          <button
            type="button"
            className="p-button--base is-dense"
            aria-label={`Remove SSH key ${item.name || shortKey(item.key)}`}
            onClick={() => onRemove(index)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * SSH public keys cloud-init installs for a user. With `cloud_init_ssh_keys` each is a
 * `cloud-init.ssh-keys.<name>` key; otherwise the key is merged into user data right away, so
 * the editor above shows exactly what is saved.
 */
export function SshKeysField({
  form,
  separateKeys,
  product = DEFAULT_PRODUCT_NAME,
}: {
  form: UseFormReturn<ConfigFormValues>;
  /** The server has `cloud_init_ssh_keys`. */
  separateKeys: boolean;
  /** The server's product name ("LXD", "Incus"): it installs the keys. */
  product?: string | undefined;
}) {
  const id = useId();
  const { append, remove } = useFieldArray({ control: form.control, name: 'sshKeys' });
  const rows = useWatch({ control: form.control, name: 'sshKeys' }) ?? [];
  const watchedUserData: unknown = useWatch({
    control: form.control,
    name: 'config.cloudInitUserData',
  });
  const userData = typeof watchedUserData === 'string' ? watchedUserData : '';
  const [draft, setDraft] = useState<SshKey>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<Problems>({});
  const merged = separateKeys ? [] : userDataSshKeys(userData);
  const shown = separateKeys ? rows : merged;

  const setUserData = (text: string) => {
    form.setValue('config.cloudInitUserData', text, { shouldDirty: true });
  };
  const add = () => {
    const taken = shown.map((row) => row.name).filter((name) => name !== '');
    const found: Problems = sshKeyProblems(draft, taken);
    if (Object.keys(found).length === 0) {
      const row = { name: draft.name.trim(), user: draft.user.trim(), key: draft.key.trim() };
      if (separateKeys) {
        append(row);
      } else {
        const result = mergeSshKey(userData, row);
        if (result.ok) setUserData(result.text);
        else found.merge = result.error;
      }
    }
    setProblems(found);
    if (Object.keys(found).length === 0) setDraft(EMPTY_DRAFT);
  };
  const removeAt = (index: number) => {
    if (separateKeys) {
      remove(index);
      return;
    }
    const item = merged[index];
    if (item) setUserData(removeUserDataSshKey(userData, item.user, item.key));
  };

  const field = (name: keyof SshKey, label: string, multiline = false) => {
    const problem = problems[name];
    const inputProps = {
      id: `${id}-${name}`,
      value: draft[name],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? `${id}-${name}-error` : undefined,
      className: 'p-form-validation__input',
      onChange: (event: { target: { value: string } }) => {
        setDraft((previous) => ({ ...previous, [name]: event.target.value }));
        setProblems((previous) => ({ ...previous, [name]: undefined, merge: undefined }));
      },
    };
    return (
      <div className={problem ? 'p-form-validation is-error' : 'p-form-validation'}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {multiline ? (
          <textarea
            rows={3}
            placeholder="ssh-ed25519 AAAA… me@laptop"
            spellCheck={false}
            {...inputProps}
          />
        ) : (
          <input type="text" {...inputProps} />
        )}
        {problem && (
          <p className="p-form-validation__message" id={`${id}-${name}-error`} role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="ssh-keys" aria-labelledby={`${id}-title`}>
      <h3 className="p-heading--5" id={`${id}-title`}>
        SSH keys
      </h3>
      <p className="p-form-help-text">
        {separateKeys ? (
          <>
            Each key is saved as <code>{SSH_KEY_PREFIX}&lt;name&gt;</code> with the value{' '}
            <code>&lt;user&gt;:&lt;public key&gt;</code>; {product} adds it to the user&apos;s
            authorized keys through cloud-init.
          </>
        ) : (
          <>
            This server lacks the <code>cloud_init_ssh_keys</code> API extension, so a key is merged
            into user data above (<code>users</code> → the user → <code>ssh_authorized_keys</code>,
            with its name as a comment), as {product} does on newer servers.
          </>
        )}
      </p>
      <KeyList keys={shown} onRemove={removeAt} />
      <fieldset className="ssh-keys__add">
        <legend>Add an SSH key</legend>
        <div className="ssh-keys__row">
          {field('name', 'Key name')}
          {field('user', 'User')}
        </div>
        {field('key', 'Public key', true)}
        {problems.merge && (
          <p className="p-form-validation__message" role="alert">
            {problems.merge}
          </p>
        )}
        <button type="button" className="p-button" onClick={add}>
          Add SSH key
        </button>
      </fieldset>
    </section>
  );
}
