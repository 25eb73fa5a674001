import { useId } from 'react';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import {
  driverFields,
  memberFields,
  sharedFields,
  type DriverOption,
  type PoolField as Field,
} from '../drivers';
import type { PoolFormErrors, PoolFormMode, PoolFormValues } from '../form';
import { PoolField } from './PoolField';

export interface SectionProps {
  mode: PoolFormMode;
  values: PoolFormValues;
  /** Messages to show now (touched fields, or all after a submit). */
  errors: PoolFormErrors;
  disabled: boolean;
  members: readonly string[];
  /** Edit: the pool's status (a Pending pool's source can still change). */
  status?: string | undefined;
  touch: (field: string) => void;
}

const FIXED = 'Set when the pool was created; LXD cannot change it.';

function fixedReason(field: Field, mode: PoolFormMode, status: string | undefined) {
  if (mode !== 'edit' || !field.fixed) return undefined;
  if (field.key === 'source' && status === 'Pending') return undefined;
  return FIXED;
}

/** Name (creation), description and driver. */
export function MainFields({
  mode,
  values,
  errors,
  disabled,
  drivers,
  nameNote,
  setName,
  setDescription,
  setDriver,
  touch,
}: SectionProps & {
  drivers: readonly DriverOption[];
  /** A line under the name while it is looked up. */
  nameNote?: string | undefined;
  setName: (name: string) => void;
  setDescription: (description: string) => void;
  setDriver: (driver: string) => void;
}) {
  const id = useId();
  const nameError = errors.name;
  const known = drivers.some((driver) => driver.value === values.driver);
  return (
    <div className="pool-form__main">
      {mode === 'create' && (
        <div className={`p-form__group p-form-validation${nameError ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-name`} className="is-required">
            Name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className="p-form-validation__input"
            autoComplete="off"
            spellCheck={false}
            value={values.name}
            disabled={disabled}
            aria-required
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : `${id}-name-help`}
            onChange={(event) => {
              setName(event.target.value);
            }}
            onBlur={() => {
              touch('name');
            }}
          />
          {nameError ? (
            <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
              {nameError}
            </p>
          ) : (
            <p className="p-form-help-text" id={`${id}-name-help`} aria-live="polite">
              {nameNote ?? 'Up to 63 characters, without slashes.'}
            </p>
          )}
        </div>
      )}
      <div className="p-form__group">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={values.description}
          disabled={disabled}
          onChange={(event) => {
            setDescription(event.target.value);
          }}
        />
      </div>
      {mode === 'create' ? (
        <div className={`p-form__group p-form-validation${errors.driver ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-driver`} className="is-required">
            Driver
          </label>
          <select
            id={`${id}-driver`}
            value={values.driver}
            disabled={disabled || drivers.length === 0}
            aria-invalid={errors.driver ? true : undefined}
            aria-describedby={`${id}-driver-help`}
            onChange={(event) => {
              setDriver(event.target.value);
            }}
          >
            {!known && (
              <option value={values.driver}>
                {storageDriverLabel(values.driver) || 'Choose a driver'}
              </option>
            )}
            {drivers.map((driver) => (
              <option key={driver.value} value={driver.value}>
                {driver.label}
              </option>
            ))}
          </select>
          {errors.driver && (
            <p className="p-form-validation__message" role="alert">
              {errors.driver}
            </p>
          )}
          <p className="p-form-help-text" id={`${id}-driver-help`}>
            {drivers.length === 0
              ? 'This server offers no storage driver.'
              : 'The drivers this server supports, with their versions.'}
          </p>
        </div>
      ) : (
        <dl className="pool-form__facts">
          <dt>Driver</dt>
          <dd>
            {storageDriverLabel(values.driver)}{' '}
            <span className="u-text--muted">({values.driver})</span>
          </dd>
        </dl>
      )}
    </div>
  );
}

/** The driver's own keys (shared between members in a cluster), and keys the form does not know. */
export function DriverSettings({
  setConfig,
  ...props
}: SectionProps & { setConfig: (key: string, value: string) => void }) {
  const { mode, values, errors, disabled, members, status, touch } = props;
  const id = useId();
  const label = storageDriverLabel(values.driver);
  const fields = sharedFields(values.driver, members.length > 0);
  const known = new Set(driverFields(values.driver).map((field) => field.key));
  const others = Object.entries(values.config).filter(([key]) => !known.has(key));
  return (
    <fieldset className="pool-form__fieldset" aria-describedby={`${id}-help`}>
      <legend className="p-heading--5">{label} settings</legend>
      <p className="p-form-help-text" id={`${id}-help`}>
        {fields.length === 0
          ? `The form has no settings for ${label}: use YAML to set its keys.`
          : members.length > 0
            ? 'Shared by every cluster member. Empty fields leave LXD’s default.'
            : 'Empty fields leave LXD’s default.'}
      </p>
      {errors.requirements && (
        <div className="p-notification--negative pool-form__requirement" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{errors.requirements}</p>
          </div>
        </div>
      )}
      <div className="pool-form__fields">
        {fields.map((field) => {
          const reason = fixedReason(field, mode, status);
          const missing =
            errors.requirements !== undefined &&
            field.required === true &&
            (values.config[field.key] ?? '').trim() === '';
          return (
            <PoolField
              key={field.key}
              field={field}
              value={values.config[field.key] ?? ''}
              disabled={disabled || reason !== undefined}
              disabledReason={reason}
              help={reason ? null : field.help}
              error={errors[`config.${field.key}`] ?? (missing ? 'Required' : undefined)}
              onChange={(value) => {
                setConfig(field.key, value);
              }}
              onBlur={() => {
                touch(`config.${field.key}`);
              }}
            />
          );
        })}
      </div>
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
          {Object.keys(errors)
            .filter((field) => others.some(([key]) => field === `config.${key}`))
            .map((field) => (
              <p key={field} className="p-form-validation__message is-error" role="alert">
                {errors[field]}
              </p>
            ))}
        </div>
      )}
    </fieldset>
  );
}

/** In a cluster: the member-specific keys (source, size, …) of each member. */
export function MemberSettings({
  setMemberConfig,
  ...props
}: SectionProps & { setMemberConfig: (member: string, key: string, value: string) => void }) {
  const { mode, values, errors, disabled, members, status, touch } = props;
  const id = useId();
  const fields = memberFields(values.driver);
  if (members.length === 0 || fields.length === 0) return null;
  return (
    <fieldset className="pool-form__fieldset" aria-describedby={`${id}-help`}>
      <legend className="p-heading--5">Per-member settings</legend>
      <p className="p-form-help-text" id={`${id}-help`}>
        These keys differ between cluster members
        {mode === 'create' ? ': each member is sent its own first, then the shared settings' : ''}.
        Empty fields let LXD choose.
      </p>
      {members.map((member) => (
        <section key={member} className="pool-form__member" aria-labelledby={`${id}-${member}`}>
          <h3 className="p-heading--6" id={`${id}-${member}`}>
            Member {member}
          </h3>
          <div className="pool-form__fields">
            {fields.map((field) => {
              const reason = fixedReason(field, mode, status);
              return (
                <PoolField
                  key={field.key}
                  field={field}
                  label={`${field.label} on ${member}`}
                  value={values.members[member]?.[field.key] ?? ''}
                  disabled={disabled || reason !== undefined}
                  disabledReason={reason}
                  help={reason ? null : field.help}
                  error={errors[`${member}.${field.key}`]}
                  onChange={(value) => {
                    setMemberConfig(member, field.key, value);
                  }}
                  onBlur={() => {
                    touch(`${member}.${field.key}`);
                  }}
                />
              );
            })}
          </div>
        </section>
      ))}
    </fieldset>
  );
}
