import { useCallback, useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { InstanceType } from '../../lxd/types/instance';
import { BOOL_CHOICES } from '../forms/config-keys';
import { ConfigKeyControl } from '../forms/ConfigKeyInput';
import { DataTable, type ListColumn } from '../ui/list';
import { SECTIONS, sectionFields, type ConfigField, type SectionId } from './fields';
import { fallbackValue, type InheritedSet } from './inherit';
import { lxdKey, type ConfigFormValues, type MappingOptions } from './mapping';

/** What every row of the section's table needs besides its field. */
interface FieldContext {
  form: UseFormReturn<ConfigFormValues>;
  instanceType: InstanceType | undefined;
  inherited: InheritedSet;
  mapping: MappingOptions;
  /** The server's product name ("LXD", "Incus"), for "LXD default". */
  product: string;
  /** Prefix of the inputs' ids (unique per table), so each label points at its input. */
  idPrefix: string;
}

const inputId = (field: ConfigField, context: FieldContext) => `${context.idPrefix}-${field.id}`;

/** What applies when the field is not set here; struck through while a value overrides it. */
function FieldFallback({ field, context }: { field: ConfigField; context: FieldContext }) {
  const value = useWatch({ control: context.form.control, name: `config.${field.id}` });
  const key = lxdKey(field, context.mapping);
  const fallback = fallbackValue(
    field,
    key,
    context.inherited,
    context.instanceType,
    context.product,
  );
  if (!fallback) return <span className="u-text--muted">-</span>;
  const shown =
    field.kind === 'bool'
      ? (BOOL_CHOICES.find((option) => option.value === fallback.value)?.label ?? fallback.value)
      : fallback.value;
  return (
    <span className={value ? 'config-table__overridden' : undefined}>
      {shown}
      <span className="u-text--muted"> ({fallback.source})</span>
      {value ? <span className="u-off-screen"> (overridden)</span> : null}
    </span>
  );
}

// A form grid: one row per setting, its input in the Value cell.
const COLUMNS: readonly ListColumn<ConfigField, FieldContext>[] = [
  {
    id: 'setting',
    header: 'Setting',
    width: 12,
    rowHeader: true,
    cell: (field, context) => (
      <>
        <label htmlFor={inputId(field, context)} className="config-table__label">
          {field.label}
        </label>
        <code className="config-table__key">{lxdKey(field, context.mapping)}</code>
      </>
    ),
  },
  {
    id: 'value',
    header: 'Value',
    cell: (field, context) => (
      <ConfigKeyControl field={field} id={inputId(field, context)} empty="Not set" />
    ),
  },
  {
    id: 'fallback',
    header: 'When not set',
    width: 10,
    cell: (field, context) => <FieldFallback field={field} context={context} />,
  },
];

const rowKey = (field: ConfigField) => field.id;
// No rowLabel: an aria-label on the row would be a second element labelled like the input.

/** A table of the section's keys: the value set here, and what applies when it is not set. */
export function FieldsSection({
  form,
  section,
  instanceType,
  inherited,
  mapping,
  product,
}: {
  form: UseFormReturn<ConfigFormValues>;
  section: SectionId;
  instanceType: InstanceType | undefined;
  inherited: InheritedSet;
  mapping: MappingOptions;
  /** The server's product name (mappingProductName). */
  product: string;
}) {
  const idPrefix = useId();
  const fields = sectionFields(section, instanceType, mapping);
  const label = SECTIONS.find((item) => item.id === section)?.label ?? section;
  // Equal field by field while nothing changes, so the rows stay memoized.
  const rowExtra = useCallback(
    (): FieldContext => ({ form, instanceType, inherited, mapping, product, idPrefix }),
    [form, instanceType, inherited, mapping, product, idPrefix],
  );
  return (
    <DataTable<ConfigField, FieldContext>
      label={label}
      rows={fields}
      columns={COLUMNS}
      rowKey={rowKey}
      rowExtra={rowExtra}
      className="config-table"
    />
  );
}
