import type { UseFormReturn } from 'react-hook-form';
import { nicAddressProblems, type DeviceEntry } from './devices';
import { DeviceField as Field } from './DeviceField';
import type { ConfigFormValues } from './mapping';
import {
  nicFieldsFor,
  splitAcls,
  toNicNetworks,
  toggleAcl,
  type NetworkChoice,
  type NicAddressField,
} from './nic';

type Form = UseFormReturn<ConfigFormValues>;

const NIC_TYPES = ['bridged', 'macvlan', 'physical', 'sriov', 'ipvlan', 'p2p', 'routed'];

const ADDRESS_FIELDS: { field: NicAddressField; label: string; placeholder: string }[] = [
  { field: 'ipv4Address', label: 'IPv4 address', placeholder: 'Chosen by DHCP' },
  { field: 'ipv6Address', label: 'IPv6 address', placeholder: 'Chosen by the network' },
];

/** The ACLs of an OVN NIC (`security.acls`): one checkbox per ACL of the project. */
function AclPicker({
  value,
  available,
  onChange,
}: {
  value: string;
  /** The project's ACLs; undefined while unknown. */
  available: readonly string[] | undefined;
  onChange: (next: string) => void;
}) {
  const chosen = splitAcls(value);
  const names = [...(available ?? []), ...chosen.filter((name) => !available?.includes(name))];
  return (
    <fieldset className="device-acls">
      <legend className="device-acls__legend">Network ACLs</legend>
      {names.length === 0 && (
        <p className="p-form-help-text">
          {available ? 'This project has no network ACLs.' : 'Loading network ACLs…'}
        </p>
      )}
      {names.map((name) => (
        <label className="p-checkbox" key={name}>
          <input
            type="checkbox"
            className="p-checkbox__input"
            checked={chosen.includes(name)}
            onChange={(event) => onChange(toggleAcl(value, name, event.target.checked))}
          />
          <span className="p-checkbox__label">
            {available && !available.includes(name) ? `${name} (not found)` : name}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A NIC's fields: the managed network it joins (or a NIC type and parent without one) and, on
 * a managed network, the address it gets and the ACLs applied to it.
 */
export function NicFields({
  form,
  index,
  device,
  networks,
  acls,
  id,
}: {
  form: Form;
  index: number;
  device: DeviceEntry;
  networks: readonly NetworkChoice[];
  acls: readonly string[] | undefined;
  id: string;
}) {
  const choices = toNicNetworks(networks);
  const current = device.props.network ?? '';
  const network = choices.find((choice) => choice.name === current);
  const offered = nicFieldsFor(
    current === '' ? undefined : (network ?? { name: current, type: '' }),
  );
  const errors = form.formState.errors.devices?.[index]?.props;
  const path = (field: string) => `devices.${index}.props.${field}` as const;
  const registerAddress = (field: NicAddressField) =>
    form.register(path(field), {
      validate: (_value, all) => {
        const entry = all.devices[index];
        if (!entry) return true;
        return nicAddressProblems(entry, networks).find((p) => p.field === field)?.message ?? true;
      },
    });
  const aclValue = device.props.securityAcls ?? '';

  return (
    <>
      <Field label="Network" id={`${id}-network`}>
        {(props) => (
          // Controlled: the list may arrive after the form, and the choice must stay shown.
          <select {...props} {...form.register(path('network'))} value={current}>
            <option value="">None (set a NIC type)</option>
            {choices.map((choice) => (
              <option key={choice.name} value={choice.name}>
                {choice.name}
              </option>
            ))}
            {current !== '' && !network && <option value={current}>{current} (not found)</option>}
          </select>
        )}
      </Field>
      {current === '' && (
        <>
          <Field label="NIC type" id={`${id}-nictype`}>
            {(props) => (
              <select {...props} {...form.register(path('nictype'))}>
                <option value="">Choose</option>
                {NIC_TYPES.map((nictype) => (
                  <option key={nictype} value={nictype}>
                    {nictype}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Parent" id={`${id}-parent`}>
            {(props) => <input type="text" {...props} {...form.register(path('parent'))} />}
          </Field>
        </>
      )}
      {ADDRESS_FIELDS.filter(
        ({ field }) => offered[field] || (device.props[field] ?? '') !== '',
      ).map(({ field, label, placeholder }) => (
        <Field key={field} label={label} id={`${id}-${field}`} error={errors?.[field]?.message}>
          {(props) => (
            <input
              type="text"
              {...props}
              placeholder={current === '' ? undefined : placeholder}
              autoComplete="off"
              spellCheck={false}
              {...registerAddress(field)}
            />
          )}
        </Field>
      ))}
      {(offered.acls || aclValue !== '') && (
        <AclPicker
          value={aclValue}
          available={acls}
          onChange={(next) =>
            form.setValue(path('securityAcls'), next, { shouldDirty: true, shouldTouch: true })
          }
        />
      )}
      {network?.type === 'bridge' && !offered.acls && aclValue === '' && (
        <p className="p-form-help-text device-card__note">
          Network ACLs of a bridge apply to the whole network: set them in the network&apos;s
          configuration.
        </p>
      )}
    </>
  );
}
