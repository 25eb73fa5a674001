/**
 * The network's own kinds of config key, drawn for <ConfigKeyInput custom>: an address
 * (automatic, none or a custom address with prefix), a host interface, an uplink network and
 * the network ACLs.
 */
import { useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import {
  ConfigKeyName,
  configKeyFieldProps,
  FieldShell,
  SelectInput,
  TextInput,
  type ConfigKeyRenderers,
  type ConfigKeyRenderProps,
} from '../../../../shared/forms';
import { useProductName } from '../../../../shared/auth/product';
import { paths } from '../../../../shared/routing/paths';
import { Link } from '../../../../shared/routing/router';
import type { NetworkKeyContext } from '../fields';

/** Choices that come from the server: host interfaces, uplinks, ACLs. */
export interface FieldChoices {
  interfaces: readonly string[];
  uplinks: readonly string[];
  acls: readonly string[] | undefined;
  project: string;
}

type Props = ConfigKeyRenderProps<NetworkKeyContext>;

/** ipv4.address / ipv6.address: Automatic, None or a custom address with its prefix. */
function AddressControl({ field, name, label, disabled }: Props) {
  const id = useId();
  const { setValue, getFieldState, formState } = useFormContext();
  const custom = useController({ name: `customAddress.${field.id}` }).field;
  const value = useWatch({ name }) as string | undefined;
  const mode = custom.value === true ? 'custom' : value === 'none' ? 'none' : 'auto';
  const v6 = field.key.startsWith('ipv6');
  const product = useProductName();
  return (
    <>
      <FieldShell
        id={id}
        label={label}
        error={undefined}
        labelExtra={<ConfigKeyName name={field.key} />}
      >
        <select
          id={id}
          value={mode}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value;
            custom.onChange(next === 'custom');
            setValue(name, next === 'custom' ? '' : next, {
              shouldDirty: true,
              shouldValidate: formState.isSubmitted || getFieldState(name).invalid,
            });
          }}
        >
          <option value="auto">Automatic ({product} picks a free subnet)</option>
          <option value="none">None (no IPv{v6 ? '6' : '4'})</option>
          <option value="custom">Custom address</option>
        </select>
      </FieldShell>
      {mode === 'custom' && (
        <TextInput
          name={name}
          label={`${label} (CIDR)`}
          help={field.help}
          disabled={disabled}
          placeholder={v6 ? 'fd42:1:2::1/64' : '10.10.10.1/24'}
          className="network-field__cidr"
        />
      )}
    </>
  );
}

/** A host interface: typed, with the host's unmanaged interfaces suggested. */
function InterfaceControl({ interfaces, ...props }: Props & { interfaces: readonly string[] }) {
  const list = `${useId()}-interfaces`;
  return (
    <>
      <TextInput
        {...configKeyFieldProps(props)}
        placeholder={props.field.placeholder}
        list={list}
      />
      <datalist id={list}>
        {interfaces.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

/** security.acls: the project's ACLs as checkboxes, kept as a comma-separated list. */
function AclsControl({ name, label, disabled, choices }: Props & { choices: FieldChoices }) {
  const id = useId();
  const { field } = useController({ name });
  const selected = ((field.value as string | undefined) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const names = [...new Set([...(choices.acls ?? []), ...selected])].sort();
  const toggle = (acl: string, on: boolean) => {
    const next = on ? [...selected, acl] : selected.filter((item) => item !== acl);
    field.onChange(names.filter((item) => next.includes(item)).join(','));
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
          {names.map((acl) => (
            <li key={acl} className="p-list__item">
              <label className="p-checkbox">
                <input
                  type="checkbox"
                  className="p-checkbox__input"
                  checked={selected.includes(acl)}
                  disabled={disabled}
                  onChange={(event) => toggle(acl, event.target.checked)}
                />
                <span className="p-checkbox__label">{acl}</span>
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

/** The renderers of the network kinds, with the server's choices. */
export function networkRenderers(choices: FieldChoices): ConfigKeyRenderers<NetworkKeyContext> {
  return {
    address: (props) => <AddressControl {...props} />,
    interface: (props) => <InterfaceControl {...props} interfaces={choices.interfaces} />,
    uplink: (props) => (
      <SelectInput
        {...configKeyFieldProps(props)}
        options={choices.uplinks.map((value) => ({ value, label: value }))}
        empty="Choose an uplink"
      />
    ),
    acls: (props) => <AclsControl {...props} choices={choices} />,
  };
}
