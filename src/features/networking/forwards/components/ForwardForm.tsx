import type { ReactNode } from 'react';
import {
  FormActions,
  FormFailure,
  ResourceForm,
  SelectInput,
  TextareaInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import {
  AddressInput,
  FixedValue,
  ListenAddressField,
  PortsInput,
  ProtocolSelect,
  RuleRows,
} from '../../listeners/fields';
import { forwardProblems, newPortValues, type ForwardFormValues } from '../form';
import type { AddressOption } from '../../listeners/rules';

const INSTANCES = 'Instance addresses…';

/**
 * The forward form: listen address (the network's, or typed), the member in a cluster, default
 * target and port rules (an instance's address, or typed), description. Nothing is sent while
 * a field is invalid; the first invalid field takes the focus.
 */
export function ForwardForm({
  mode,
  initial,
  listenOptions,
  targetOptions,
  members,
  onSubmit,
  busy,
  notice,
  onCancel,
  onDirtyChange,
  reason,
}: {
  mode: 'create' | 'edit';
  initial: ForwardFormValues;
  listenOptions: readonly AddressOption[];
  targetOptions: readonly AddressOption[];
  /** The cluster members to create it on (clustered); none standalone. */
  members?: readonly string[];
  /** Sends the values; a returned promise keeps the form busy, its rejection is shown. */
  onSubmit: (values: ForwardFormValues) => unknown;
  busy?: boolean;
  notice?: ReactNode;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Why the identity may not send it (spec §6: the network's can_edit), if so. */
  reason: string | undefined;
}) {
  const kit = useResourceForm<ForwardFormValues>({
    defaultValues: initial,
    validate: forwardProblems,
    onDirtyChange,
    onSubmit,
    busy,
  });
  return (
    <ResourceForm kit={kit} className="listener-form">
      <div className="listener-form__main">
        <ListenAddressField
          mode={mode}
          options={listenOptions}
          help="The address traffic arrives at: one of the network's, or another free address of the host."
        />
        {mode === 'create' && members && (
          <SelectInput
            name="member"
            label="Location"
            empty="The member the console talks to"
            options={members.map((member) => ({ value: member, label: member }))}
          />
        )}
        {mode === 'edit' && initial.member && (
          <FixedValue label="Location" value={initial.member} />
        )}
        <AddressInput
          name="targetAddress"
          label="Default target address"
          help="Where traffic that no port rule matches goes. Empty: nowhere."
          options={targetOptions}
          pickerLabel="Pick the default target from the instances"
          pickerPlaceholder={INSTANCES}
        />
        <TextareaInput name="description" label="Description" rows={2} />
      </div>
      <RuleRows
        name="ports"
        noun="port rule"
        heading="Port rules"
        level={2}
        empty="No port rules: every port goes to the default target address."
        newRow={() => newPortValues()}
      >
        {(index, position) => (
          <>
            <ProtocolSelect name={`ports.${String(index)}.protocol`} />
            <PortsInput name={`ports.${String(index)}.listenPorts`} label="Listen ports" required />
            <AddressInput
              name={`ports.${String(index)}.targetAddress`}
              label="Target address"
              required
              options={targetOptions}
              pickerLabel={`Pick the target of port rule ${position} from the instances`}
              pickerPlaceholder={INSTANCES}
            />
            <PortsInput
              name={`ports.${String(index)}.targetPorts`}
              label="Target ports"
              help="Empty: the listen ports. One port, or as many as the listen ports."
            />
            <TextInput name={`ports.${String(index)}.description`} label="Description" />
          </>
        )}
      </RuleRows>
      {notice}
      {mode === 'create' && <FormFailure failure={kit.failure} what="forward" action="create" />}
      <FormActions
        kit={kit}
        mode={mode}
        submitLabel={mode === 'create' ? 'Create forward' : 'Save changes'}
        reason={reason}
        onCancel={onCancel}
      />
    </ResourceForm>
  );
}
