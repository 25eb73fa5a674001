/**
 * The fields of the forward and load balancer forms (bound to the form kit form around them):
 * an address typed or picked from a list, a port list, a protocol, the listen address (fixed
 * once created), and the rows of port rules, backends or ports, each removable.
 */
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { SelectInput, TextInput } from '../../../shared/forms';
import { PORT_PROTOCOLS, type AddressOption } from './rules';

/**
 * An address field: typed, or picked from `options` (the network's addresses, the instances'
 * addresses). Picking fills the field; the message shows next to it.
 */
export function AddressInput({
  name,
  label,
  help,
  options,
  pickerLabel,
  pickerPlaceholder,
  required,
}: {
  name: string;
  label: string;
  help?: string;
  options: readonly AddressOption[];
  /** The picker's accessible name ("Pick the listen address from the network"). */
  pickerLabel: string;
  /** The picker's first, empty choice ("Network addresses…"). */
  pickerPlaceholder: string;
  required?: boolean;
}) {
  const { setValue } = useFormContext();
  return (
    <TextInput name={name} label={label} help={help} required={required} className="address-input">
      {options.length > 0 && (
        <select
          aria-label={pickerLabel}
          value=""
          onChange={(event) => {
            const { value } = event.target;
            if (value === '') return;
            setValue(name, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
          }}
        >
          <option value="">{pickerPlaceholder}</option>
          {options.map((option) => (
            <option key={option.label} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </TextInput>
  );
}

/** A port list field (spec §5): its message, or its help, next to it. */
export function PortsInput({
  name,
  label,
  help = 'Up to 10 ports or ranges, separated by commas: 80,443,8000-8080',
  required,
}: {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
}) {
  return <TextInput name={name} label={label} help={help} required={required} />;
}

export function ProtocolSelect({ name }: { name: string }) {
  return <SelectInput name={name} label="Protocol" options={PORT_PROTOCOLS} />;
}

/** A value that cannot be changed here (the listen address of an existing forward). */
export function FixedValue({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="p-form__group">
      <p className="listener-form__fixed">
        <span className="listener-form__fixed-label">{label}</span>
        {value}
      </p>
    </div>
  );
}

/** The listen address: picked or typed when creating, fixed afterwards. */
export function ListenAddressField({
  mode,
  options,
  help,
}: {
  mode: 'create' | 'edit';
  options: readonly AddressOption[];
  help?: string;
}) {
  const value = useWatch({ name: 'listenAddress' }) as string;
  if (mode === 'edit') return <FixedValue label="Listen address" value={value} />;
  return (
    <AddressInput
      name="listenAddress"
      label="Listen address"
      required
      help={help}
      options={options}
      pickerLabel="Pick the listen address from the network"
      pickerPlaceholder="Network addresses…"
    />
  );
}

/**
 * Rows of one list of the form (port rules, backends, ports): a group per row named
 * "{Noun} {n}" with its fields and Remove, what an empty list says, and Add.
 */
export function RuleRows({
  name,
  noun,
  heading,
  level,
  empty,
  newRow,
  onRemove,
  children,
}: {
  name: string;
  /** "port rule": the groups are "Port rule 1…", the buttons "Remove port rule 1", "Add port rule". */
  noun: string;
  heading: string;
  level: 2 | 3;
  empty: string;
  newRow: () => FieldValues;
  /** Removes a row when more than the row goes (a backend the ports point at). */
  onRemove?: (index: number, remove: (index: number) => void) => void;
  children: (index: number, position: string) => ReactNode;
}) {
  const { fields, append, remove } = useFieldArray({ name });
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `${name}-rows-heading`;
  return (
    <section className="listener-rows" aria-labelledby={headingId}>
      <Heading className="p-heading--5" id={headingId}>
        {heading}
      </Heading>
      {fields.length === 0 && <p className="u-text--muted">{empty}</p>}
      {fields.map((row, index) => {
        const position = String(index + 1);
        return (
          <fieldset key={row.id} className="listener-row">
            <legend>
              {Noun} {position}
            </legend>
            <div className="listener-row__fields">{children(index, position)}</div>
            <button
              type="button"
              className="p-button is-dense listener-row__remove"
              aria-label={`Remove ${noun} ${position}`}
              onClick={() => {
                if (onRemove) onRemove(index, remove);
                else remove(index);
              }}
            >
              Remove
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="p-button" onClick={() => append(newRow())}>
        Add {noun}
      </button>
    </section>
  );
}
