import { useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { LxdGpuCard } from '../../lxd/types/resources';
import { DeviceCard } from './DeviceCard';
import {
  DEVICE_TYPES,
  ROOT_DISK_MISSING,
  isRootDisk,
  missingRootDisk,
  newDeviceEntry,
  toDeviceEntry,
  type DeviceEntry,
  type VolumeOption,
} from './devices';
import { GpuPicker, gpuDeviceProps, type GpuChoices } from './GpuPicker';
import { InheritedDevicesTable } from './InheritedDevices';
import { inheritedDeviceMap, type InheritedSet } from './inherit';
import type { ConfigFormValues } from './mapping';
import { toNicNetwork, type NetworkChoice } from './nic';

/** Devices of an instance or profile, with what the profiles give shown beside them. */
export function DevicesSection({
  form,
  entity,
  inherited,
  pools,
  networks,
  acls,
  volumes,
  instanceType,
  gpus,
}: {
  form: UseFormReturn<ConfigFormValues>;
  entity: 'instance' | 'profile';
  inherited: InheritedSet;
  pools: readonly string[];
  networks: readonly NetworkChoice[];
  acls?: readonly string[] | undefined;
  volumes: readonly VolumeOption[] | undefined;
  instanceType: 'container' | 'virtual-machine' | undefined;
  /** The host's GPUs: "Add GPU" offers them (a blank GPU device without it). */
  gpus?: GpuChoices | undefined;
}) {
  const [pickingGpu, setPickingGpu] = useState(false);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'devices' });
  const devices: DeviceEntry[] = useWatch({ control: form.control, name: 'devices' });
  const ownNames = new Set(devices.map((device) => device.name.trim()));
  const fromProfiles = Object.entries(inherited.devices)
    .filter(([name]) => !ownNames.has(name))
    .map(([name, item]) => ({ name, item }));
  const needsRoot =
    entity === 'instance' && missingRootDisk(devices, inheritedDeviceMap(inherited));
  const hasOwnRoot = devices.some(isRootDisk);

  const add = (type: string) => {
    const first = networks[0];
    const defaults: Record<string, string> =
      type === 'nic' && first !== undefined ? { network: toNicNetwork(first).name } : {};
    const taken = [...devices.map((device) => device.name), ...Object.keys(inherited.devices)];
    append(newDeviceEntry(type, taken, defaults), { shouldFocus: true });
  };
  const addGpu = (card: LxdGpuCard) => {
    const taken = [...devices.map((device) => device.name), ...Object.keys(inherited.devices)];
    append(newDeviceEntry('gpu', taken, gpuDeviceProps(card)), { shouldFocus: true });
    setPickingGpu(false);
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
        <InheritedDevicesTable
          devices={fromProfiles}
          onOverride={(device) => {
            append(toDeviceEntry(device.name, device.item.value));
          }}
        />
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
          acls={acls}
          volumes={volumes}
          instanceType={instanceType}
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
        <button
          type="button"
          className="p-button"
          aria-expanded={gpus ? pickingGpu : undefined}
          onClick={() => (gpus ? setPickingGpu(!pickingGpu) : add('gpu'))}
        >
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
      {gpus && pickingGpu && (
        <GpuPicker
          gpus={gpus}
          onAdd={addGpu}
          onAddEmpty={() => {
            add('gpu');
            setPickingGpu(false);
          }}
          onClose={() => setPickingGpu(false)}
        />
      )}
    </div>
  );
}
