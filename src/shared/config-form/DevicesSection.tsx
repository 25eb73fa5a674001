import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { LxdDevice } from '../../lxd/types/instance';
import { DeviceCard } from './DeviceCard';
import {
  DEVICE_TYPES,
  ROOT_DISK_MISSING,
  isRootDisk,
  missingRootDisk,
  newDeviceEntry,
  toDeviceEntry,
  type DeviceEntry,
} from './devices';
import { inheritedDeviceMap, type InheritedSet } from './inherit';
import type { ConfigFormValues } from './mapping';

function describe(device: LxdDevice): string {
  if (device.type === 'disk') {
    const from = device.pool ? `pool ${device.pool}` : (device.source ?? '');
    return `${device.path ?? ''} ${from ? `from ${from}` : ''}`.trim();
  }
  if (device.type === 'nic') return device.network ?? device.parent ?? device.nictype ?? '';
  if (device.type === 'proxy') return `${device.listen ?? ''} → ${device.connect ?? ''}`;
  return '';
}

/** Devices of an instance or profile, with what the profiles give shown beside them. */
export function DevicesSection({
  form,
  entity,
  inherited,
  pools,
  networks,
}: {
  form: UseFormReturn<ConfigFormValues>;
  entity: 'instance' | 'profile';
  inherited: InheritedSet;
  pools: readonly string[];
  networks: readonly string[];
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'devices' });
  const devices: DeviceEntry[] = useWatch({ control: form.control, name: 'devices' });
  const ownNames = new Set(devices.map((device) => device.name.trim()));
  const fromProfiles = Object.entries(inherited.devices).filter(([name]) => !ownNames.has(name));
  const needsRoot =
    entity === 'instance' && missingRootDisk(devices, inheritedDeviceMap(inherited));
  const hasOwnRoot = devices.some(isRootDisk);

  const add = (type: string) => {
    const defaults: Record<string, string> =
      type === 'nic' && networks[0] ? { network: networks[0] } : {};
    const taken = [...devices.map((device) => device.name), ...Object.keys(inherited.devices)];
    append(newDeviceEntry(type, taken, defaults), { shouldFocus: true });
  };
  const addRoot = () => {
    const pool = pools[0] ?? '';
    append(toDeviceEntry('root', { type: 'disk', path: '/', pool }));
  };

  return (
    <div className="devices-section">
      {needsRoot && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{ROOT_DISK_MISSING}</p>
          </div>
        </div>
      )}
      {fromProfiles.length > 0 && (
        <table className="config-table" aria-label="Devices from profiles">
          <thead>
            <tr>
              <th scope="col">Inherited device</th>
              <th scope="col">Type</th>
              <th scope="col">Details</th>
              <th scope="col">From</th>
              <th scope="col">
                <span className="u-off-screen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fromProfiles.map(([name, item]) => (
              <tr key={name}>
                <th scope="row">{isRootDisk(item.value) ? `${name} (root disk)` : name}</th>
                <td>{item.value.type}</td>
                <td>{describe(item.value)}</td>
                <td>profile {item.profile}</td>
                <td>
                  <button
                    type="button"
                    className="p-button--base is-dense"
                    onClick={() => append(toDeviceEntry(name, item.value))}
                  >
                    Override {name}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {fields.length === 0 && fromProfiles.length === 0 && (
        <p className="u-text--muted">No devices.</p>
      )}
      {fields.map((field, index) => (
        <DeviceCard
          key={field.id}
          form={form}
          index={index}
          pools={pools}
          networks={networks}
          onRemove={() => remove(index)}
        />
      ))}
      <div className="devices-section__add" role="group" aria-label="Add a device">
        {!hasOwnRoot && (entity === 'profile' || needsRoot) && (
          <button type="button" className="p-button" onClick={addRoot}>
            Add root disk
          </button>
        )}
        <button type="button" className="p-button" onClick={() => add('disk')}>
          Add disk
        </button>
        <button type="button" className="p-button" onClick={() => add('nic')}>
          Add network
        </button>
        <button type="button" className="p-button" onClick={() => add('proxy')}>
          Add proxy
        </button>
        <button type="button" className="p-button" onClick={() => add('gpu')}>
          Add GPU
        </button>
        <label className="u-off-screen" htmlFor="device-add-other">
          Add another device type
        </label>
        <select
          id="device-add-other"
          className="devices-section__other"
          value=""
          onChange={(event) => {
            if (event.target.value) add(event.target.value);
          }}
        >
          <option value="">Add other device…</option>
          {DEVICE_TYPES.filter((type) => !['disk', 'nic', 'proxy', 'gpu'].includes(type)).map(
            (type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ),
          )}
        </select>
      </div>
    </div>
  );
}
