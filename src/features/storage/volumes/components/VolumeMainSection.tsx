import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { storageDriverLabel, type LxdStoragePool } from '../../../../lxd/types/storage';
import type { VolumeFormMode, VolumeFormValues } from '../form';
import { SIZE_UNITS, sizeError, VOLUME_MESSAGES } from '../rules';

/** A field's message: the error when there is one, else its help. */
function Message({ id, error, help }: { id: string; error: string | undefined; help?: string }) {
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

const describedBy = (id: string, error: string | undefined, help: boolean) =>
  error ? `${id}-error` : help ? `${id}-help` : undefined;

/** Name, pool, content type, size and description. */
export function VolumeMainSection({
  form,
  mode,
  pools,
  validateName,
  previousSize,
  readOnly,
}: {
  form: UseFormReturn<VolumeFormValues>;
  mode: VolumeFormMode;
  pools: readonly LxdStoragePool[];
  /** The name rules and the uniqueness lookup in the chosen pool. */
  validateName: (name: string) => Promise<string | undefined>;
  /** The size as saved (edit), for the block volume rule. */
  previousSize: string | undefined;
  readOnly: boolean;
}) {
  const id = useId();
  const { errors } = form.formState;
  const poolName = useWatch({ control: form.control, name: 'pool' });
  const contentType = useWatch({ control: form.control, name: 'contentType' });
  const sizeUnit = useWatch({ control: form.control, name: 'sizeUnit' });
  const pool = pools.find((candidate) => candidate.name === poolName);
  const poolDefault = pool?.config['volume.size'];
  const units: string[] = [...SIZE_UNITS];
  if (sizeUnit && !units.includes(sizeUnit)) units.unshift(sizeUnit);

  const nameError = errors.name?.message;
  const poolError = errors.pool?.message;
  const sizeProblem = errors.size?.message;
  const sizeHelp =
    contentType === 'block'
      ? `Empty: the pool's default (${poolDefault || '10GiB'}). A block volume can grow later, not shrink.`
      : poolDefault
        ? `Empty: the pool's default (${poolDefault}).`
        : 'Empty: no limit (where the driver has quotas) or the driver default.';

  return (
    <div className="volume-main">
      {mode === 'create' ? (
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
            aria-invalid={nameError ? true : undefined}
            aria-describedby={describedBy(`${id}-name`, nameError, true)}
            {...form.register('name', {
              validate: async (value) => (await validateName(value.trim())) ?? true,
            })}
          />
          <Message
            id={`${id}-name`}
            error={nameError}
            help="Unique among the custom volumes of the pool; up to 63 characters, without slashes."
          />
        </div>
      ) : (
        <p className="volume-main__fixed">
          <span className="u-text--muted">Name</span> {form.getValues('name')}
        </p>
      )}

      {mode === 'create' ? (
        <div className={`p-form__group p-form-validation${poolError ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-pool`} className="is-required">
            Pool
          </label>
          <select
            id={`${id}-pool`}
            aria-invalid={poolError ? true : undefined}
            aria-describedby={describedBy(`${id}-pool`, poolError, false)}
            {...form.register('pool', {
              validate: (value) => (value ? true : VOLUME_MESSAGES.poolRequired),
            })}
          >
            {pools.length === 0 && <option value="">No pools</option>}
            {pools.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} ({storageDriverLabel(candidate.driver)})
              </option>
            ))}
          </select>
          <Message id={`${id}-pool`} error={poolError} />
        </div>
      ) : (
        <p className="volume-main__fixed">
          <span className="u-text--muted">Pool</span> {poolName}
          {pool && ` (${storageDriverLabel(pool.driver)})`}
        </p>
      )}

      {mode === 'create' ? (
        <div className="p-form__group">
          <label htmlFor={`${id}-content`}>Content type</label>
          <select
            id={`${id}-content`}
            aria-describedby={`${id}-content-help`}
            {...form.register('contentType')}
          >
            <option value="filesystem">filesystem</option>
            <option value="block">block</option>
          </select>
          <p className="p-form-help-text" id={`${id}-content-help`}>
            filesystem: a directory tree instances mount; block: a raw disk for virtual machines.
          </p>
        </div>
      ) : (
        <p className="volume-main__fixed">
          <span className="u-text--muted">Content type</span> {contentType}
        </p>
      )}

      <div className={`p-form__group p-form-validation${sizeProblem ? ' is-error' : ''}`}>
        <label htmlFor={`${id}-size`}>Size</label>
        <div className="volume-size">
          <input
            id={`${id}-size`}
            type="text"
            inputMode="numeric"
            className="p-form-validation__input"
            autoComplete="off"
            disabled={readOnly}
            aria-invalid={sizeProblem ? true : undefined}
            aria-describedby={describedBy(`${id}-size`, sizeProblem, true)}
            {...form.register('size', {
              validate: (value, values) =>
                sizeError(value, values.sizeUnit, {
                  contentType: values.contentType,
                  previous: previousSize,
                }) ?? true,
            })}
          />
          <select
            aria-label="Size unit"
            disabled={readOnly}
            {...form.register('sizeUnit', {
              onChange: () => {
                if (form.getFieldState('size').isTouched) void form.trigger('size');
              },
            })}
          >
            {units.map((unit) => (
              <option key={unit} value={unit}>
                {unit === 'B' ? 'bytes' : unit}
              </option>
            ))}
          </select>
        </div>
        <Message id={`${id}-size`} error={sizeProblem} help={sizeHelp} />
      </div>

      <div className="p-form__group">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          disabled={readOnly}
          {...form.register('description')}
        />
      </div>
    </div>
  );
}
