import { useId } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { useProductName } from '../../../../shared/auth/product';
import { ConfigKeyInput, SelectInput, TextareaInput, TextInput } from '../../../../shared/forms';
import {
  driverFields,
  memberFields,
  poolKeyForProduct,
  type DriverOption,
  type PoolKey,
} from '../drivers';
import { poolRequirement, type PoolFieldValues } from '../field-values';
import type { PoolFormMode } from '../form';
import { sectionKeys } from '../sections';

export interface SectionProps {
  mode: PoolFormMode;
  disabled: boolean;
  /** Edit: the pool's status (a Pending pool's source can still change). */
  status?: string | undefined;
}

const fixedText = (product: string) =>
  `Set when the pool was created; ${product} cannot change it.`;

function fixedReason(
  field: PoolKey,
  mode: PoolFormMode,
  status: string | undefined,
  product: string,
) {
  if (mode !== 'edit' || !field.fixed) return undefined;
  if (field.key === 'source' && status === 'Pending') return undefined;
  return fixedText(product);
}

/** A key of the driver, disabled with the reason when LXD keeps it from the creation. */
function PoolKeyInput({
  field,
  prefix,
  label,
  mode,
  status,
  disabled,
}: SectionProps & { field: PoolKey; prefix: string; label?: string }) {
  const product = useProductName();
  const reason = fixedReason(field, mode, status, product);
  const named = poolKeyForProduct(field, product);
  return (
    <ConfigKeyInput
      field={reason ? { ...named, help: reason } : named}
      prefix={prefix}
      label={label}
      disabled={disabled || reason !== undefined}
    />
  );
}

/** Name (creation), description and driver. */
export function MainFields({
  mode,
  disabled,
  drivers,
}: SectionProps & { drivers: readonly DriverOption[] }) {
  const driver = useWatch<PoolFieldValues, 'driver'>({ name: 'driver' });
  return (
    <div className="pool-form__main">
      {mode === 'create' && (
        <TextInput
          name="name"
          label="Name"
          required
          disabled={disabled}
          help="Up to 63 characters, without slashes."
        />
      )}
      <TextareaInput name="description" label="Description" rows={2} disabled={disabled} />
      {mode === 'create' ? (
        <SelectInput
          name="driver"
          label="Driver"
          required
          options={drivers}
          empty={drivers.length === 0 ? 'Choose a driver' : undefined}
          disabled={disabled || drivers.length === 0}
          help={
            drivers.length === 0
              ? 'This server offers no storage driver.'
              : 'The drivers this server supports, with their versions.'
          }
        />
      ) : (
        <dl className="pool-form__facts">
          <dt>Driver</dt>
          <dd>
            {storageDriverLabel(driver)} <span className="u-text--muted">({driver})</span>
          </dd>
        </dl>
      )}
    </div>
  );
}

/** The main section's keys of the driver (source, size), and the keys the form does not know. */
export function MainSettings({ clustered, ...props }: SectionProps & { clustered: boolean }) {
  const [driver, other] = useWatch<PoolFieldValues, ['driver', 'other']>({
    name: ['driver', 'other'],
  });
  const { errors } = useFormState<PoolFieldValues>();
  const otherProblem = (errors.other as { message?: string } | undefined)?.message;
  const fields = sectionKeys('main', driver, clustered);
  const known = new Set(driverFields(driver).map((field) => field.key));
  const others = Object.entries(other).filter(([key]) => !known.has(key));
  return (
    <>
      {known.size === 0 && (
        <p className="p-form-help-text">
          The form has no settings for {storageDriverLabel(driver)}: use YAML to set its keys.
        </p>
      )}
      {fields.length > 0 && (
        <div className="pool-form__fields">
          {fields.map((field) => (
            <PoolKeyInput key={field.key} field={field} prefix="config" {...props} />
          ))}
        </div>
      )}
      {others.length > 0 && (
        <div className="pool-form__others">
          <h3 className="p-heading--6">Other keys</h3>
          <p className="p-form-help-text">Change these in YAML.</p>
          <dl className="pool-kv">
            {others.map(([key, value]) => (
              <div key={key}>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {otherProblem && (
            <p className="p-form-validation__message is-error" role="alert">
              {otherProblem}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** The driver's own keys (`zfs.*`, `ceph.*`, …; shared between members in a cluster). */
export function DriverSettings({ clustered, ...props }: SectionProps & { clustered: boolean }) {
  const driver = useWatch<PoolFieldValues, 'driver'>({ name: 'driver' });
  const values = useWatch<PoolFieldValues>() as PoolFieldValues;
  const { isSubmitted, touchedFields } = useFormState<PoolFieldValues>();
  const fields = sectionKeys('driver', driver, clustered);
  const touched = Object.keys(touchedFields.config ?? {}).length > 0;
  const requirement = isSubmitted || touched ? poolRequirement(values) : undefined;
  const product = useProductName();
  return (
    <>
      <p className="p-form-help-text">
        {clustered
          ? `Shared by every cluster member. Empty fields leave ${product}’s default.`
          : `Empty fields leave ${product}’s default.`}
      </p>
      {requirement && (
        <div className="p-notification--negative pool-form__requirement" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{requirement}</p>
          </div>
        </div>
      )}
      <div className="pool-form__fields">
        {fields.map((field) => (
          <PoolKeyInput key={field.key} field={field} prefix="config" {...props} />
        ))}
      </div>
    </>
  );
}

/** In a cluster: the member-specific keys (source, size, …) of each member. */
export function MemberSettings(props: SectionProps) {
  const id = useId();
  const product = useProductName();
  const [driver, members] = useWatch<PoolFieldValues, ['driver', 'members']>({
    name: ['driver', 'members'],
  });
  const fields = memberFields(driver);
  if (members.length === 0 || fields.length === 0) return null;
  return (
    <fieldset className="pool-form__fieldset" aria-describedby={`${id}-help`}>
      <legend className="p-heading--5">Per-member settings</legend>
      <p className="p-form-help-text" id={`${id}-help`}>
        These keys differ between cluster members
        {props.mode === 'create'
          ? ': each member is sent its own first, then the shared settings'
          : ''}
        . Empty fields let {product} choose.
      </p>
      {members.map((member, index) => (
        <section
          key={member.name}
          className="pool-form__member"
          aria-labelledby={`${id}-${String(index)}`}
        >
          <h3 className="p-heading--6" id={`${id}-${String(index)}`}>
            Member {member.name}
          </h3>
          <div className="pool-form__fields">
            {fields.map((field) => (
              <PoolKeyInput
                key={field.key}
                field={field}
                prefix={`members.${String(index)}.config`}
                label={`${field.label} on ${member.name}`}
                {...props}
              />
            ))}
          </div>
        </section>
      ))}
    </fieldset>
  );
}
