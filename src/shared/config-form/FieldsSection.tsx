import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { InstanceType } from '../../lxd/types/instance';
import { SECTIONS, sectionFields, type ConfigField, type SectionId } from './fields';
import { fallbackValue, type InheritedSet } from './inherit';
import { lxdKey, type ConfigFormValues, type MappingOptions } from './mapping';

const BOOL_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function FieldRow({
  form,
  field,
  instanceType,
  inherited,
  mapping,
}: {
  form: UseFormReturn<ConfigFormValues>;
  field: ConfigField;
  instanceType: InstanceType | undefined;
  inherited: InheritedSet;
  mapping: MappingOptions;
}) {
  const inputId = useId();
  const helpId = useId();
  const name = `config.${field.id}` as const;
  const value = useWatch({ control: form.control, name });
  const key = lxdKey(field, mapping);
  const fallback = fallbackValue(field, key, inherited, instanceType);
  const options = field.kind === 'bool' ? BOOL_OPTIONS : (field.options ?? []);
  const boolLabel = (raw: string) =>
    field.kind === 'bool' ? (BOOL_OPTIONS.find((o) => o.value === raw)?.label ?? raw) : raw;

  return (
    <tr>
      <th scope="row">
        <label htmlFor={inputId} className="config-table__label">
          {field.label}
        </label>
        <code className="config-table__key">{key}</code>
      </th>
      <td>
        {field.kind === 'text' ? (
          <input
            id={inputId}
            type="text"
            placeholder={field.placeholder}
            aria-describedby={field.help ? helpId : undefined}
            {...form.register(name)}
          />
        ) : (
          <select
            id={inputId}
            aria-describedby={field.help ? helpId : undefined}
            {...form.register(name)}
          >
            <option value="">Not set</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
        {field.help && (
          <p className="p-form-help-text" id={helpId}>
            {field.help}
          </p>
        )}
      </td>
      <td className="config-table__fallback">
        {fallback ? (
          <span className={value ? 'config-table__overridden' : undefined}>
            {boolLabel(fallback.value)}
            <span className="u-text--muted"> ({fallback.source})</span>
            {value ? <span className="u-off-screen"> (overridden)</span> : null}
          </span>
        ) : (
          <span className="u-text--muted">-</span>
        )}
      </td>
    </tr>
  );
}

/** A table of the section's keys: the value set here, and what applies when it is not set. */
export function FieldsSection({
  form,
  section,
  instanceType,
  inherited,
  mapping,
}: {
  form: UseFormReturn<ConfigFormValues>;
  section: SectionId;
  instanceType: InstanceType | undefined;
  inherited: InheritedSet;
  mapping: MappingOptions;
}) {
  const fields = sectionFields(section, instanceType);
  const label = SECTIONS.find((item) => item.id === section)?.label ?? section;
  return (
    <table className="config-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Value</th>
          <th scope="col">When not set</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <FieldRow
            key={field.id}
            form={form}
            field={field}
            instanceType={instanceType}
            inherited={inherited}
            mapping={mapping}
          />
        ))}
      </tbody>
    </table>
  );
}
