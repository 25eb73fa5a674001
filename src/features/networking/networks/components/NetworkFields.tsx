import { useId, type ReactNode } from 'react';
import { Link } from '../../../../shared/routing/router';
import { paths } from '../../../../shared/routing/paths';
import type { NetworkField } from '../fields';

/** Choices that come from the server: host interfaces, uplinks, ACLs. */
export interface FieldChoices {
  interfaces: readonly string[];
  uplinks: readonly string[];
  acls: readonly string[] | undefined;
  project: string;
}

interface ControlProps {
  field: NetworkField;
  id: string;
  /** The visible label (a member's field adds the member's name). */
  label: string;
  value: string;
  custom: boolean;
  error: string | undefined;
  disabled: boolean;
  choices: FieldChoices;
  onChange: (value: string) => void;
  onCustomChange: (custom: boolean) => void;
  onBlur: () => void;
}

const describedBy = (id: string, error: string | undefined, help: string | undefined) =>
  error ? `${id}-error` : help ? `${id}-help` : undefined;

function Message({ id, error, help }: { id: string; error?: string | undefined; help?: string }) {
  if (error) {
    return (
      <p className="p-form-validation__message" id={`${id}-error`} role="alert">
        {error}
      </p>
    );
  }
  return help ? (
    <p className="p-form-help-text" id={`${id}-help`}>
      {help}
    </p>
  ) : null;
}

function Group({ error, children }: { error: string | undefined; children: ReactNode }) {
  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>{children}</div>
  );
}

/** A field's label with its config key beside it (for those who know LXD's keys). */
function FieldLabel({
  id,
  label,
  configKey,
  required,
}: {
  id: string;
  label: string;
  configKey: string;
  required: boolean;
}) {
  return (
    <div className="network-field__label">
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      <code className="network-field__key">{configKey}</code>
    </div>
  );
}

/** ipv4.address / ipv6.address: Automatic, None or a custom address with its prefix. */
function AddressControl(props: ControlProps) {
  const { field, id, label, value, custom, error, disabled } = props;
  const mode = custom ? 'custom' : value === 'none' ? 'none' : 'auto';
  return (
    <Group error={error}>
      <FieldLabel id={id} label={label} configKey={field.key} required={false} />
      <select
        id={id}
        value={mode}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.value;
          props.onCustomChange(next === 'custom');
          props.onChange(next === 'custom' ? '' : next === 'none' ? 'none' : 'auto');
        }}
      >
        <option value="auto">Automatic (LXD picks a free subnet)</option>
        <option value="none">None (no IPv{String(field.family ?? 4)})</option>
        <option value="custom">Custom address</option>
      </select>
      {custom && (
        <>
          <label htmlFor={`${id}-cidr`} className="network-field__sublabel">
            {label} (CIDR)
          </label>
          <input
            id={`${id}-cidr`}
            type="text"
            className="p-form-validation__input"
            value={value}
            placeholder={field.family === 6 ? 'fd42:1:2::1/64' : '10.10.10.1/24'}
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-cidr`, error, field.help)}
            onChange={(event) => props.onChange(event.target.value)}
            onBlur={props.onBlur}
          />
          <Message id={`${id}-cidr`} error={error} help={field.help} />
        </>
      )}
    </Group>
  );
}

function AclControl(props: ControlProps) {
  const { id, label, value, disabled, choices } = props;
  const selected = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = choices.acls ?? [];
  const names = [...new Set([...known, ...selected])].sort();
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...selected, name] : selected.filter((item) => item !== name);
    props.onChange(names.filter((item) => next.includes(item)).join(','));
  };
  return (
    <fieldset className="network-acls" aria-describedby={`${id}-help`}>
      <legend>{label}</legend>
      {choices.acls === undefined ? (
        <p className="u-text--muted">Loading ACLs…</p>
      ) : names.length === 0 ? (
        <p className="u-text--muted">
          This project has no network ACLs.{' '}
          <Link to={paths.networkAclCreate(choices.project)}>Create an ACL</Link>
        </p>
      ) : (
        <ul className="p-list network-acls__list">
          {names.map((name) => (
            <li key={name} className="p-list__item">
              <label className="p-checkbox">
                <input
                  type="checkbox"
                  className="p-checkbox__input"
                  checked={selected.includes(name)}
                  disabled={disabled}
                  onChange={(event) => toggle(name, event.target.checked)}
                />
                <span className="p-checkbox__label">{name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="p-form-help-text" id={`${id}-help`}>
        The ACLs applied to the traffic of every instance NIC on this network.
      </p>
    </fieldset>
  );
}

/** One field as its kind asks: a text box, a Default/Yes/No choice, a list, an address. */
export function FieldControl(props: ControlProps) {
  const { field, id, label, value, error, disabled, choices } = props;
  if (field.kind === 'address') return <AddressControl {...props} />;
  if (field.kind === 'acls') return <AclControl {...props} />;
  const help = field.help;
  const common = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, help),
    onBlur: props.onBlur,
  };
  let control: ReactNode;
  if (field.kind === 'bool' || field.kind === 'select' || field.kind === 'uplink') {
    const options =
      field.kind === 'bool'
        ? [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
        : field.kind === 'uplink'
          ? choices.uplinks.map((name) => ({ value: name, label: name }))
          : (field.options ?? []);
    const shown =
      value !== '' && !options.some((option) => option.value === value)
        ? [...options, { value, label: value }]
        : options;
    const empty =
      field.kind === 'uplink'
        ? 'Choose an uplink'
        : `Default${field.defaultText ? ` (${field.defaultText})` : ''}`;
    control = (
      <select {...common} value={value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{empty}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const listId = field.kind === 'interface' ? `${id}-interfaces` : undefined;
    control = (
      <>
        <input
          {...common}
          type="text"
          className="p-form-validation__input"
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          value={value}
          placeholder={field.placeholder ?? field.defaultText}
          autoComplete="off"
          spellCheck={false}
          list={listId}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {listId && (
          <datalist id={listId}>
            {choices.interfaces.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        )}
      </>
    );
  }
  return (
    <Group error={error}>
      <FieldLabel id={id} label={label} configKey={field.key} required={Boolean(field.required)} />
      {control}
      <Message id={id} error={error} help={help} />
    </Group>
  );
}

/** A field with its own id (so several can share a label text across members). */
export function FieldRow(props: Omit<ControlProps, 'id'>) {
  const id = useId();
  return <FieldControl {...props} id={id} />;
}
