import { useId, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NetworkType } from '../../../../lxd/types/network';
import { FieldShell, TextareaInput, TextInput } from '../../../../shared/forms';
import { networkKeysFor, type FieldContext } from '../fields';
import { changeType, type NetworkFormMode } from '../form';
import { fromFormState, toFormState, type NetworkFormState } from '../form-state';
import { typeLabel } from '../rules';

/** The type chosen when creating: keys the new type does not take are dropped. */
function TypeSelect({
  id,
  types,
  context,
  disabled,
}: {
  id: string;
  types: readonly NetworkType[];
  context: FieldContext;
  disabled: boolean;
}) {
  const form = useFormContext<NetworkFormState>();
  const type = useWatch<NetworkFormState, 'type'>({ name: 'type' });
  return (
    <select
      id={id}
      value={type}
      disabled={disabled}
      aria-describedby={`${id}-help`}
      onChange={(event) => {
        const state = form.getValues();
        const type = event.target.value;
        const values = changeType(fromFormState(state), type, networkKeysFor(type, context));
        const members = state.members.map((member) => member.name);
        form.reset(toFormState(values, members), {
          keepDefaultValues: true,
          keepTouched: true,
          keepDirty: true,
          keepIsSubmitted: true,
        });
        if (form.formState.isSubmitted) void form.trigger();
      }}
    >
      {types.map((option) => (
        <option key={option} value={option}>
          {typeLabel(option)}
        </option>
      ))}
    </select>
  );
}

/** Name (creation), description and type of the main section; the type's fields follow. */
export function NetworkMainSection({
  mode,
  types,
  context,
  readOnly,
  children,
}: {
  mode: NetworkFormMode;
  types: readonly NetworkType[];
  context: FieldContext;
  readOnly: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const type = useWatch<NetworkFormState, 'type'>({ name: 'type' });
  return (
    <div className="network-main">
      {mode === 'create' && (
        <TextInput
          name="name"
          label="Name"
          required
          disabled={readOnly}
          help={
            type === 'bridge'
              ? 'A bridge is a host interface: 2 to 15 letters, digits, "-", "_" or ".".'
              : 'Up to 63 characters, without /, ?, &, + or :.'
          }
        />
      )}
      <TextareaInput name="description" label="Description" rows={2} disabled={readOnly} />
      <FieldShell
        id={`${id}-type`}
        label="Type"
        error={undefined}
        help={
          mode === 'create'
            ? 'The types this server can create here.'
            : 'The type of a network cannot be changed.'
        }
      >
        {mode === 'create' ? (
          <TypeSelect id={`${id}-type`} types={types} context={context} disabled={readOnly} />
        ) : (
          <input
            id={`${id}-type`}
            type="text"
            value={typeLabel(type)}
            aria-describedby={`${id}-type-help`}
            readOnly
          />
        )}
      </FieldShell>
      {children}
    </div>
  );
}
