import { useEffect, type ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { storageDriverLabel, type LxdStoragePool } from '../../../../lxd/types/storage';
import { SelectInput, TextareaInput, TextInput } from '../../../../shared/forms';
import { TargetPicker } from '../../../cluster';
import type { VolumeFormMode, VolumeFormValues } from '../form';
import { isLocalDriver, SIZE_UNITS } from '../rules';

const CONTENT_TYPES = [
  { value: 'filesystem', label: 'filesystem' },
  { value: 'block', label: 'block' },
];

/** A value an edit cannot change, shown as text. */
function Fixed({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="volume-main__fixed">
      <span className="u-text--muted">{label}</span> {children}
    </p>
  );
}

/** The bound unit select: its value and handlers (react-hook-form's controller). */
function useSizeUnit() {
  const { field } = useController<VolumeFormValues, 'sizeUnit'>({ name: 'sizeUnit' });
  return { ref: field.ref, unit: field.value, onChange: field.onChange, onBlur: field.onBlur };
}

/** The unit beside the size; a new unit checks the size again once it shows its problem. */
function SizeUnit({ disabled }: { disabled: boolean }) {
  const { ref, unit, onChange, onBlur } = useSizeUnit();
  const { getFieldState, trigger, formState } = useFormContext<VolumeFormValues>();
  useEffect(() => {
    if (getFieldState('size').isTouched || formState.isSubmitted) void trigger('size');
  }, [unit, getFieldState, trigger, formState.isSubmitted]);
  const units: string[] = [...SIZE_UNITS];
  if (unit && !units.includes(unit)) units.unshift(unit);
  return (
    <select
      aria-label="Size unit"
      name="sizeUnit"
      disabled={disabled}
      ref={ref}
      value={unit}
      onChange={onChange}
      onBlur={onBlur}
    >
      {units.map((choice) => (
        <option key={choice} value={choice}>
          {choice === 'B' ? 'bytes' : choice}
        </option>
      ))}
    </select>
  );
}

/** Name, pool, content type, size and description. */
export function VolumeMainSection({
  mode,
  pools,
  readOnly,
}: {
  mode: VolumeFormMode;
  pools: readonly LxdStoragePool[];
  readOnly: boolean;
}) {
  const [name, poolName, contentType] = useWatch<VolumeFormValues, ['name', 'pool', 'contentType']>(
    { name: ['name', 'pool', 'contentType'] },
  );
  const pool = pools.find((candidate) => candidate.name === poolName);
  const poolDefault = pool?.config['volume.size'];
  const sizeHelp =
    contentType === 'block'
      ? `Empty: the pool's default (${poolDefault || '10GiB'}). A block volume can grow later, not shrink.`
      : poolDefault
        ? `Empty: the pool's default (${poolDefault}).`
        : 'Empty: no limit (where the driver has quotas) or the driver default.';

  return (
    <div className="volume-main">
      {mode === 'create' ? (
        <>
          <TextInput
            name="name"
            label="Name"
            required
            help="Unique among the custom volumes of the pool; up to 63 characters, without slashes."
          />
          <SelectInput
            name="pool"
            label="Pool"
            required
            options={pools.map((candidate) => ({
              value: candidate.name,
              label: `${candidate.name} (${storageDriverLabel(candidate.driver)})`,
            }))}
            empty={pools.length === 0 ? 'No pools' : undefined}
          />
          <SelectInput
            name="contentType"
            label="Content type"
            options={CONTENT_TYPES}
            help="filesystem: a directory tree instances mount; block: a raw disk for virtual machines."
          />
        </>
      ) : (
        <>
          <Fixed label="Name">{name}</Fixed>
          <Fixed label="Pool">
            {poolName}
            {pool && ` (${storageDriverLabel(pool.driver)})`}
          </Fixed>
          <Fixed label="Content type">{contentType}</Fixed>
        </>
      )}
      <TextInput
        name="size"
        label="Size"
        inputMode="numeric"
        disabled={readOnly}
        help={sizeHelp}
        className="volume-size"
      >
        <SizeUnit disabled={readOnly} />
      </TextInput>
      <TextareaInput name="description" label="Description" rows={2} disabled={readOnly} />
    </div>
  );
}

/** In a cluster: the member whose disk holds a new volume of a local pool. */
export function VolumePlacement({
  project,
  pool,
}: {
  project: string;
  pool: LxdStoragePool | undefined;
}) {
  const { field } = useController<VolumeFormValues, 'member'>({ name: 'member' });
  if (!isLocalDriver(pool?.driver)) return null;
  return (
    <TargetPicker
      value={field.value ?? ''}
      onChange={field.onChange}
      project={project}
      withGroups={false}
      anyLabel="The member this console talks to"
      help="The member whose disk holds the volume; instances on other members cannot attach it."
    />
  );
}
