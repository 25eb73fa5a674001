import { useEffect, useRef, type ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import {
  CheckboxListInput,
  controlProps,
  FieldShell,
  FormActions,
  FormFailure,
  ResourceForm,
  TextInput,
  useResourceForm,
} from '../../../shared/forms';
import {
  AddressInput,
  ListenAddressField,
  PortsInput,
  ProtocolSelect,
  RuleRows,
} from '../listeners/fields';
import type { AddressOption } from '../listeners/rules';
import {
  lbProblems,
  newBackendValues,
  newLbPortValues,
  nextBackendName,
  type LbFormValues,
} from './form';

/** A backend's name; renaming it renames it in the ports that balance over it. */
function BackendName({ index }: { index: number }) {
  const name = `backends.${index}.name` as const;
  const { getValues, setValue } = useFormContext<LbFormValues>();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController<LbFormValues, typeof name>({ name });
  const id = `lb-backend-${String(index + 1)}-name`;
  const error = fieldState.error?.message;
  return (
    <FieldShell id={id} label="Name" required error={error}>
      <input
        {...controlProps(id, error, undefined)}
        ref={ref}
        type="text"
        className="p-form-validation__input"
        autoComplete="off"
        value={value}
        onBlur={onBlur}
        onChange={(event) => {
          const previous = getValues(name);
          const next = event.target.value;
          onChange(next);
          getValues('ports').forEach((port, i) => {
            if (!port.targetBackends.includes(previous)) return;
            setValue(
              `ports.${i}.targetBackends`,
              port.targetBackends.map((target) => (target === previous ? next : target)),
            );
          });
        }}
      />
    </FieldShell>
  );
}

/** The backends a port balances over (and the pool it keeps, if any). */
function TargetBackends({ index }: { index: number }) {
  const backends = useWatch<LbFormValues, 'backends'>({ name: 'backends' });
  const pool = useWatch<LbFormValues>({ name: `ports.${index}.targetPool` }) as string;
  const names = backends.map((backend) => backend.name.trim()).filter((name) => name !== '');
  return (
    <CheckboxListInput
      name={`ports.${String(index)}.targetBackends`}
      legend="Target backends"
      className="lb-port__backends"
      options={names.map((value) => ({ value }))}
      empty={<p className="u-text--muted">Add a backend first.</p>}
      help={pool ? `Also balances over pool ${pool} (kept as it is).` : undefined}
    />
  );
}

/**
 * Create or edit a load balancer, as a section of the Load balancers tab: listen address,
 * backends (name, instance address, target ports) and ports (protocol, listen ports, the
 * backends they balance over). Nothing is sent while a field is invalid.
 */
export function LoadBalancerForm({
  mode,
  initial,
  listenOptions,
  targetOptions,
  onSubmit,
  busy,
  notice,
  onCancel,
  onDirtyChange,
}: {
  mode: 'create' | 'edit';
  initial: LbFormValues;
  listenOptions: readonly AddressOption[];
  targetOptions: readonly AddressOption[];
  /** Sends the values; a returned promise keeps the form busy, its rejection is shown. */
  onSubmit: (values: LbFormValues) => unknown;
  busy?: boolean;
  notice?: ReactNode;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const kit = useResourceForm<LbFormValues>({
    defaultValues: initial,
    validate: lbProblems,
    onDirtyChange,
    onSubmit,
    busy,
  });
  const title =
    mode === 'create' ? 'Create a load balancer' : `Edit load balancer ${initial.listenAddress}`;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="lb-editor" aria-labelledby="lb-editor-heading">
      <h2 className="p-heading--5" id="lb-editor-heading" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <ResourceForm kit={kit} className="listener-form" label={title}>
        <div className="listener-form__main">
          <ListenAddressField mode={mode} options={listenOptions} />
          <TextInput name="description" label="Description" />
        </div>
        <RuleRows
          name="backends"
          noun="backend"
          heading="Backends"
          level={3}
          empty="No backends yet: add the instances to balance over."
          newRow={() => newBackendValues(nextBackendName(kit.form.getValues('backends')))}
          onRemove={(index, remove) => {
            const removed = kit.form.getValues(`backends.${index}.name`);
            kit.form.getValues('ports').forEach((port, i) => {
              kit.form.setValue(
                `ports.${i}.targetBackends`,
                port.targetBackends.filter((target) => target !== removed),
              );
            });
            remove(index);
          }}
        >
          {(index, position) => (
            <>
              <BackendName index={index} />
              <AddressInput
                name={`backends.${String(index)}.targetAddress`}
                label="Target address"
                required
                options={targetOptions}
                pickerLabel={`Pick the address of backend ${position} from the instances`}
                pickerPlaceholder="Instance addresses…"
              />
              <PortsInput
                name={`backends.${String(index)}.targetPorts`}
                label="Target ports"
                help="Empty: the listen ports."
              />
              <TextInput name={`backends.${String(index)}.description`} label="Description" />
            </>
          )}
        </RuleRows>
        <RuleRows
          name="ports"
          noun="port"
          heading="Ports"
          level={3}
          empty="No ports yet: add the ports to balance."
          newRow={newLbPortValues}
        >
          {(index) => (
            <>
              <ProtocolSelect name={`ports.${String(index)}.protocol`} />
              <PortsInput
                name={`ports.${String(index)}.listenPorts`}
                label="Listen ports"
                required
              />
              <TargetBackends index={index} />
              <TextInput name={`ports.${String(index)}.description`} label="Description" />
            </>
          )}
        </RuleRows>
        {notice}
        {mode === 'create' && (
          <FormFailure failure={kit.failure} what="load balancer" action="create" />
        )}
        <FormActions
          kit={kit}
          mode={mode}
          submitLabel={mode === 'create' ? 'Create load balancer' : 'Save changes'}
          onCancel={onCancel}
        />
      </ResourceForm>
    </section>
  );
}
