/**
 * The choice lists of the form kit: checkboxes for a list of values and radio buttons for one
 * of a few, each a named fieldset with its problem or help under it.
 */
import { useId, useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { clsx } from '../ui/clsx';
import { FieldMessage, fieldDescribedBy } from './FieldShell';
import type { Choice } from './fields';

/** A choice of CheckboxListInput: its value, label (the value by default) and a muted hint. */
export interface CheckboxOption {
  value: string;
  label?: ReactNode;
  /** Muted text after the label (an identity's authentication method); the filter reads it. */
  hint?: string;
}

/**
 * Checkboxes for a list of values (members of a group, groups of an identity, ACLs of a
 * network): a named fieldset, its problem or help under it. Long lists get a filter box.
 */
export function CheckboxListInput({
  name,
  legend,
  options,
  help,
  disabled,
  disabledReason,
  empty,
  className,
  loading = false,
  filterFrom,
}: {
  name: string;
  legend: string;
  options: readonly CheckboxOption[];
  help?: ReactNode;
  disabled?: boolean | undefined;
  /** Per option: why it cannot be changed, if so (its title). */
  disabledReason?: (value: string) => string | undefined;
  /** Shown instead of the checkboxes when there is nothing to choose. */
  empty?: ReactNode;
  className?: string;
  /** The choices are not known yet: says so instead. */
  loading?: boolean;
  /** With more options than this, a box above them filters them (by label, value and hint). */
  filterFrom?: number;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const { field, fieldState } = useController({ name });
  const { onChange } = field;
  const error = fieldState.error?.message;
  const selected = (field.value as readonly string[] | undefined) ?? [];
  const toggle = (value: string, on: boolean) => {
    const others = selected.filter((item) => item !== value);
    onChange(on ? [...others, value] : others);
  };
  const filterable = filterFrom !== undefined && options.length > filterFrom;
  const needle = filterable ? filter.trim().toLowerCase() : '';
  const shown = needle
    ? options.filter((option) =>
        [typeof option.label === 'string' ? option.label : option.value, option.hint ?? '']
          .join(' ')
          .toLowerCase()
          .includes(needle),
      )
    : options;
  const filterLabel = `Filter ${legend.toLowerCase()}`;
  return (
    <fieldset
      className={clsx(className ?? 'form-checkbox-list', 'p-form-validation', error && 'is-error')}
      aria-describedby={fieldDescribedBy(id, error, help)}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {loading ? (
        <p className="u-text--muted">Loading…</p>
      ) : options.length === 0 && empty !== undefined ? (
        empty
      ) : (
        <>
          {filterable && (
            <input
              type="search"
              className="form-checkbox-list__filter"
              aria-label={filterLabel}
              placeholder={filterLabel}
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
              }}
            />
          )}
          <div className="form-checkbox-list__items">
            {shown.map((option) => {
              const reason = disabledReason?.(option.value);
              return (
                <label className="p-checkbox" key={option.value} title={reason}>
                  <input
                    type="checkbox"
                    className="p-checkbox__input"
                    checked={selected.includes(option.value)}
                    disabled={disabled === true || reason !== undefined}
                    onChange={(event) => {
                      toggle(option.value, event.target.checked);
                    }}
                  />
                  <span className="p-checkbox__label">
                    {option.label ?? option.value}
                    {option.hint && (
                      <>
                        {' '}
                        <span className="u-text--muted">{option.hint}</span>
                      </>
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </>
      )}
      <FieldMessage id={id} error={error} help={help} />
    </fieldset>
  );
}

/** One of a few choices as radio buttons in a named fieldset. */
export function RadioInput({
  name,
  legend,
  options,
  disabled,
  className,
}: {
  name: string;
  legend: string;
  options: readonly Choice[];
  disabled?: boolean | undefined;
  className?: string;
}) {
  const { field } = useController({ name });
  const { onChange } = field;
  const value = field.value as string | undefined;
  return (
    <fieldset className={className ?? 'form-radio-list'}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label className="p-radio" key={option.value}>
          <input
            type="radio"
            className="p-radio__input"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled === true || option.disabled === true}
            onChange={() => {
              onChange(option.value);
            }}
          />
          <span className="p-radio__label">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
