import { useId } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  attachesWithoutPath,
  deviceNameError,
  diskPathError,
  isRootDisk,
  volumesFor,
  type DeviceEntry,
  type DeviceExtra,
  type VolumeOption,
} from './devices';
import { deviceKeyLabel } from './device-labels';
import { DeviceField as Field } from './DeviceField';
import type { ConfigFormValues } from './mapping';
import type { NetworkChoice } from './nic';
import { NicFields } from './NicFields';

type Form = UseFormReturn<ConfigFormValues>;

function ExtraRows({ form, index, type }: { form: Form; index: number; type: string }) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: `devices.${index}.extra`,
  });
  const rows = useWatch({ control: form.control, name: `devices.${index}.extra` }) as
    DeviceExtra[] | undefined;
  const baseId = useId();
  return (
    <div className="device-extra">
      {fields.map((row, rowIndex) => {
        const key = (rows?.[rowIndex]?.key ?? '').trim();
        const label = key ? deviceKeyLabel(key, type) : key;
        const labelId = `${baseId}-l${rowIndex}`;
        return (
          <div className="device-extra__row" key={row.id}>
            <input
              type="text"
              aria-label={`Property ${rowIndex + 1} name`}
              aria-describedby={label !== key ? labelId : undefined}
              id={`${baseId}-k${rowIndex}`}
              placeholder="key"
              {...form.register(`devices.${index}.extra.${rowIndex}.key`)}
            />
            <input
              type="text"
              aria-label={`Property ${rowIndex + 1} value`}
              placeholder="value"
              {...form.register(`devices.${index}.extra.${rowIndex}.value`)}
            />
            <button
              type="button"
              className="p-button--base is-dense"
              onClick={() => remove(rowIndex)}
              aria-label={`Remove property ${rowIndex + 1}`}
            >
              Remove
            </button>
            {label !== key && (
              <span className="device-extra__label" id={labelId}>
                {label}
              </span>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="p-button--base is-dense"
        onClick={() => append({ key: '', value: '' })}
      >
        Add property
      </button>
    </div>
  );
}

/** The custom volume of the chosen pool a disk attaches (pool → volume). */
function VolumeSelect({
  id,
  source,
  choices,
  register,
}: {
  id: string;
  source: string;
  choices: readonly VolumeOption[];
  register: ReturnType<Form['register']>;
}) {
  const known = source === '' || choices.some((volume) => volume.name === source);
  const helpId = `${id}-help`;
  return (
    <Field label="Volume" id={id}>
      {(props) => (
        <>
          <select
            {...props}
            aria-describedby={choices.length ? undefined : helpId}
            {...register}
            value={source}
          >
            <option value="">Choose a volume</option>
            {choices.map((volume) => (
              <option key={volume.name} value={volume.name}>
                {volume.contentType === 'filesystem'
                  ? volume.name
                  : `${volume.name} (${volume.contentType})`}
              </option>
            ))}
            {!known && <option value={source}>{source} (not in this pool)</option>}
          </select>
          {choices.length === 0 && (
            <p className="p-form-help-text" id={helpId}>
              This pool has no custom volumes this instance can use.
            </p>
          )}
        </>
      )}
    </Field>
  );
}

/** One device of the form: its name, the type's known properties and any other property. */
export function DeviceCard({
  form,
  index,
  pools,
  networks,
  acls,
  volumes,
  instanceType,
  onRemove,
}: {
  form: Form;
  index: number;
  pools: readonly string[];
  /** Managed networks a NIC can join (names, or networks with their type and subnets). */
  networks: readonly NetworkChoice[];
  /** Network ACL names an OVN NIC can apply; undefined while unknown. */
  acls?: readonly string[] | undefined;
  /** Custom volumes to pick from; undefined while unknown (the volume is typed). */
  volumes: readonly VolumeOption[] | undefined;
  instanceType: 'container' | 'virtual-machine' | undefined;
  onRemove: () => void;
}) {
  const id = useId();
  const device = useWatch({ control: form.control, name: `devices.${index}` }) as
    DeviceEntry | undefined;
  const errors = form.formState.errors.devices?.[index];
  if (!device) return null;
  const type = device.type;
  const root = isRootDisk(device);
  const pathless = volumes !== undefined && attachesWithoutPath(device, volumes);
  const title = root ? 'Root disk' : `${device.name || 'New device'} (${type})`;
  const reg = (prop: string, validate?: (all: ConfigFormValues) => string | undefined) =>
    form.register(
      `devices.${index}.props.${prop}`,
      validate ? { validate: (_value, all) => validate(all) ?? true } : undefined,
    );

  return (
    <fieldset className="device-card">
      <legend className="device-card__legend">{title}</legend>
      <div className="device-card__grid">
        <Field label="Name" id={`${id}-name`} error={errors?.name?.message}>
          {(props) => (
            <input
              type="text"
              {...props}
              {...form.register(`devices.${index}.name`, {
                validate: (_value, all) => {
                  const entry = all.devices[index];
                  return entry ? (deviceNameError(entry, all.devices) ?? true) : true;
                },
              })}
            />
          )}
        </Field>
        {type === 'disk' && (
          <>
            {!root && !pathless && (
              <Field
                label="Path in the instance"
                id={`${id}-path`}
                error={errors?.props?.path?.message}
              >
                {(props) => (
                  <input
                    type="text"
                    {...props}
                    placeholder="/mnt/data"
                    {...reg('path', (all) => {
                      const entry = all.devices[index];
                      return entry ? diskPathError(entry, volumes) : undefined;
                    })}
                  />
                )}
              </Field>
            )}
            <Field label="Storage pool" id={`${id}-pool`}>
              {(props) => (
                // Controlled, like the volume and network: the pools may load after the form.
                <select {...props} {...reg('pool')} value={device.props.pool ?? ''}>
                  {!root && <option value="">Host path (no pool)</option>}
                  {pools.map((pool) => (
                    <option key={pool} value={pool}>
                      {pool}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {!root && device.props.pool && volumes ? (
              <VolumeSelect
                id={`${id}-source`}
                source={device.props.source ?? ''}
                choices={volumesFor(volumes, instanceType).filter(
                  (volume) => volume.pool === device.props.pool,
                )}
                register={reg('source')}
              />
            ) : (
              !root && (
                <Field label={device.props.pool ? 'Volume' : 'Host path'} id={`${id}-source`}>
                  {(props) => <input type="text" {...props} {...reg('source')} />}
                </Field>
              )
            )}
            <Field label="Size" id={`${id}-size`}>
              {(props) => (
                <input type="text" {...props} placeholder="e.g. 10GiB" {...reg('size')} />
              )}
            </Field>
          </>
        )}
        {type === 'nic' && (
          <NicFields
            form={form}
            index={index}
            device={device}
            networks={networks}
            acls={acls}
            id={id}
          />
        )}
        {type === 'proxy' && (
          <>
            <Field label="Listen" id={`${id}-listen`}>
              {(props) => (
                <input type="text" {...props} placeholder="tcp:0.0.0.0:80" {...reg('listen')} />
              )}
            </Field>
            <Field label="Connect" id={`${id}-connect`}>
              {(props) => (
                <input type="text" {...props} placeholder="tcp:127.0.0.1:80" {...reg('connect')} />
              )}
            </Field>
            <Field label="Bind" id={`${id}-bind`}>
              {(props) => (
                <select {...props} {...reg('bind')}>
                  <option value="">host (default)</option>
                  <option value="host">host</option>
                  <option value="instance">instance</option>
                </select>
              )}
            </Field>
          </>
        )}
        {type === 'gpu' && (
          <>
            <Field label="GPU type" id={`${id}-gputype`}>
              {(props) => (
                <select {...props} {...reg('gputype')}>
                  <option value="">physical (default)</option>
                  <option value="physical">physical</option>
                  <option value="mdev">mdev</option>
                  <option value="mig">mig</option>
                  <option value="sriov">sriov</option>
                </select>
              )}
            </Field>
            <Field label="ID" id={`${id}-gpuid`}>
              {(props) => <input type="text" {...props} {...reg('id')} />}
            </Field>
            <Field label="PCI address" id={`${id}-pci`}>
              {(props) => <input type="text" {...props} {...reg('pci')} />}
            </Field>
          </>
        )}
      </div>
      <details className="device-card__more" open={device.extra.length > 0 && !root}>
        <summary>Other properties ({device.extra.length})</summary>
        <ExtraRows form={form} index={index} type={type} />
      </details>
      <button type="button" className="p-button is-dense" onClick={onRemove}>
        Remove {root ? 'root disk' : device.name || 'device'}
      </button>
    </fieldset>
  );
}
