import { useCallback, useId, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { DEFAULT_PRODUCT_NAME } from '../../lxd/product';
import { DataTable, type ListColumn } from '../ui/list';
import type { InheritedSet } from './inherit';
import type { ConfigFormValues } from './mapping';
import { USER_PREFIX, isUserProperty, userKeyError } from './user-config';

interface Row {
  id: string;
  index: number;
  name: string;
}

interface RowContext {
  form: UseFormReturn<ConfigFormValues>;
  remove: (index: number) => void;
}

const COLUMNS: readonly ListColumn<Row, RowContext>[] = [
  {
    id: 'key',
    header: 'Key',
    width: 16,
    rowHeader: true,
    cell: (row) => <code>{`${USER_PREFIX}${row.name}`}</code>,
  },
  {
    id: 'value',
    header: 'Value',
    cell: (row, context) => (
      <input
        type="text"
        aria-label={`Value of ${USER_PREFIX}${row.name}`}
        {...context.form.register(`userProperties.${row.index}.value`)}
      />
    ),
  },
];

const rowKey = (row: Row) => row.id;
const rowLabel = (row: Row) => `${USER_PREFIX}${row.name}`;

/**
 * `user.*` keys: free-form data the server (LXD or Incus) keeps for the user (and tools), as a
 * key/value table.
 */
export function UserPropertiesSection({
  form,
  inherited,
  product = DEFAULT_PRODUCT_NAME,
}: {
  form: UseFormReturn<ConfigFormValues>;
  inherited: InheritedSet;
  /** The server's product name ("LXD", "Incus"). */
  product?: string | undefined;
}) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'userProperties',
  });
  const current = useWatch({ control: form.control, name: 'userProperties' }) ?? [];
  const [draftKey, setDraftKey] = useState('');
  const [draftValue, setDraftValue] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const rows: Row[] = fields.map((field, index) => ({ id: field.id, index, name: field.name }));
  const rowExtra = useCallback((): RowContext => ({ form, remove }), [form, remove]);
  const rowActions = useCallback(
    (row: Row) => (
      <button
        type="button"
        className="p-button--base is-dense"
        aria-label={`Remove ${USER_PREFIX}${row.name}`}
        onClick={() => remove(row.index)}
      >
        Remove
      </button>
    ),
    [remove],
  );
  const fromProfiles = Object.entries(inherited.config).filter(
    ([key]) => isUserProperty(key) && !current.some((row) => `${USER_PREFIX}${row.name}` === key),
  );

  const add = () => {
    const name = draftKey.trim().replace(/^user\./, '');
    const problem = userKeyError(
      name,
      current.map((row) => row.name),
    );
    setError(problem);
    if (problem) return;
    append({ name, value: draftValue });
    setDraftKey('');
    setDraftValue('');
  };

  return (
    <div className="user-properties">
      <p className="u-text--muted">
        Keys under <code>user.</code> are free-form notes {product} keeps with the instance or
        profile for you and your tools; {product} itself does not use them.
      </p>
      {rows.length === 0 ? (
        <p className="u-text--muted">No user properties.</p>
      ) : (
        <DataTable<Row, RowContext>
          label="User properties"
          rows={rows}
          columns={COLUMNS}
          rowKey={rowKey}
          rowLabel={rowLabel}
          rowExtra={rowExtra}
          rowActions={rowActions}
          actionsWidth={7}
          className="config-table"
        />
      )}
      {fromProfiles.length > 0 && (
        <>
          <h3 className="p-heading--5" id={`${id}-inherited`}>
            From profiles
          </h3>
          <ul className="p-list user-properties__inherited" aria-labelledby={`${id}-inherited`}>
            {fromProfiles.map(([key, item]) => (
              <li key={key} className="p-list__item">
                <code>{key}</code>: {item.value}{' '}
                <span className="u-text--muted">(profile {item.profile})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <fieldset className="user-properties__add">
        <legend>Add a user property</legend>
        <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-key`}>Key</label>
          <div className="user-properties__key">
            <span aria-hidden="true">{USER_PREFIX}</span>
            <input
              id={`${id}-key`}
              type="text"
              className="p-form-validation__input"
              placeholder="e.g. owner"
              value={draftKey}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setDraftKey(event.target.value);
                setError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </div>
          {error && (
            <p className="p-form-validation__message" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <label htmlFor={`${id}-value`}>Value</label>
        <input
          id={`${id}-value`}
          type="text"
          value={draftValue}
          onChange={(event) => setDraftValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="p-button" onClick={add}>
          Add user property
        </button>
      </fieldset>
    </div>
  );
}
