import { useState, type ReactNode, type SubmitEvent } from 'react';
import {
  forwardErrors,
  hasForwardErrors,
  newPortValues,
  type ForwardFormValues,
  type ForwardPortValues,
  type PortField,
} from '../form';
import { PORT_PROTOCOLS, type AddressOption } from '../rules';
import { AddressInput } from './AddressInput';
import { PortsInput } from './PortsInput';
import { FormSubmitButton } from '../../../../shared/ui/Gated';
import '../../../../shared/ui/form-actions.scss';

/** Touched fields by key: "listenAddress", "targetAddress", "ports.0.listenPorts"… */
type Touched = ReadonlySet<string>;

/** Keys of port rules after the one at `removed` move up by one. */
function withoutPort(touched: Touched, removed: number): Touched {
  const next = new Set<string>();
  for (const key of touched) {
    const match = /^ports\.(\d+)\.(.+)$/.exec(key);
    if (!match) {
      next.add(key);
      continue;
    }
    const index = Number(match[1]);
    if (index < removed) next.add(key);
    if (index > removed) next.add(`ports.${String(index - 1)}.${match[2] ?? ''}`);
  }
  return next;
}

/**
 * The forward form: listen address (the network's, or typed), default target and port rules
 * (an instance's address, or typed), description. Nothing is sent while a field is invalid.
 */
export function ForwardForm({
  mode,
  initial,
  listenOptions,
  targetOptions,
  location,
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
  /** The cluster member field (create, clustered) or text (edit), if any. */
  location?: ReactNode;
  onSubmit: (values: ForwardFormValues) => void;
  busy: boolean;
  notice?: ReactNode;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Why the identity may not send it (spec §6: the network's can_edit), if so. */
  reason: string | undefined;
}) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Touched>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = forwardErrors(values);
  const shown = (key: string, error: string | undefined) =>
    submitted || touched.has(key) ? error : undefined;
  const touch = (key: string) => () => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  };
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const update = (next: ForwardFormValues) => {
    setValues(next);
    onDirtyChange?.(JSON.stringify(next) !== JSON.stringify(initial));
  };
  const setPort = (index: number, field: PortField, value: string) => {
    update({
      ...values,
      ports: values.ports.map((port, i) => (i === index ? { ...port, [field]: value } : port)),
    });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasForwardErrors(errors)) {
      const form = event.currentTarget;
      requestAnimationFrame(() => {
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    onSubmit(values);
  };

  const portFields = (port: ForwardPortValues, index: number) => {
    const problems = errors.ports[index] ?? {};
    const key = (field: PortField) => `ports.${String(index)}.${field}`;
    const position = String(index + 1);
    return (
      <fieldset key={index} className="forward-port">
        <legend>Port rule {position}</legend>
        <div className="forward-port__fields">
          <div className="p-form__group">
            <label htmlFor={`forward-port-${position}-protocol`}>Protocol</label>
            <select
              id={`forward-port-${position}-protocol`}
              value={port.protocol}
              onChange={(event) => {
                setPort(index, 'protocol', event.target.value);
              }}
            >
              {PORT_PROTOCOLS.map((protocol) => (
                <option key={protocol.value} value={protocol.value}>
                  {protocol.label}
                </option>
              ))}
            </select>
          </div>
          <PortsInput
            label="Listen ports"
            required
            value={port.listenPorts}
            onChange={(value) => {
              setPort(index, 'listenPorts', value);
            }}
            onBlur={touch(key('listenPorts'))}
            error={shown(key('listenPorts'), problems.listenPorts)}
          />
          <AddressInput
            label="Target address"
            required
            value={port.targetAddress}
            onChange={(value) => {
              setPort(index, 'targetAddress', value);
            }}
            onBlur={touch(key('targetAddress'))}
            error={shown(key('targetAddress'), problems.targetAddress)}
            options={targetOptions}
            pickerLabel={`Pick the target of port rule ${position} from the instances`}
            pickerPlaceholder="Instance addresses…"
          />
          <PortsInput
            label="Target ports"
            value={port.targetPorts}
            onChange={(value) => {
              setPort(index, 'targetPorts', value);
            }}
            onBlur={touch(key('targetPorts'))}
            error={shown(key('targetPorts'), problems.targetPorts)}
            help="Empty: the listen ports. One port, or as many as the listen ports."
          />
          <div className="p-form__group">
            <label htmlFor={`forward-port-${position}-description`}>Description</label>
            <input
              id={`forward-port-${position}-description`}
              type="text"
              value={port.description}
              onChange={(event) => {
                setPort(index, 'description', event.target.value);
              }}
            />
          </div>
        </div>
        <button
          type="button"
          className="p-button is-dense forward-port__remove"
          aria-label={`Remove port rule ${position}`}
          onClick={() => {
            update({ ...values, ports: values.ports.filter((_, i) => i !== index) });
            setTouched((current) => withoutPort(current, index));
          }}
        >
          Remove
        </button>
      </fieldset>
    );
  };

  return (
    <form className="forward-form" onSubmit={submit} noValidate>
      <div className="forward-form__main">
        {mode === 'create' ? (
          <AddressInput
            label="Listen address"
            required
            value={values.listenAddress}
            onChange={(listenAddress) => {
              update({ ...values, listenAddress });
            }}
            onBlur={touch('listenAddress')}
            error={shown('listenAddress', errors.listenAddress)}
            help="The address traffic arrives at: one of the network's, or another free address of the host."
            options={listenOptions}
            pickerLabel="Pick the listen address from the network"
            pickerPlaceholder="Network addresses…"
          />
        ) : (
          <div className="p-form__group">
            <p className="forward-form__fixed">
              <span className="forward-form__fixed-label">Listen address</span>
              {values.listenAddress}
            </p>
          </div>
        )}
        {location}
        <AddressInput
          label="Default target address"
          value={values.targetAddress}
          onChange={(targetAddress) => {
            update({ ...values, targetAddress });
          }}
          onBlur={touch('targetAddress')}
          error={shown('targetAddress', errors.targetAddress)}
          help="Where traffic that no port rule matches goes. Empty: nowhere."
          options={targetOptions}
          pickerLabel="Pick the default target from the instances"
          pickerPlaceholder="Instance addresses…"
        />
        <div className="p-form__group">
          <label htmlFor="forward-description">Description</label>
          <textarea
            id="forward-description"
            rows={2}
            value={values.description}
            onChange={(event) => {
              update({ ...values, description: event.target.value });
            }}
          />
        </div>
      </div>
      <section className="forward-form__ports" aria-labelledby="forward-ports-heading">
        <h2 className="p-heading--5" id="forward-ports-heading">
          Port rules
        </h2>
        {values.ports.length === 0 && (
          <p className="u-text--muted">
            No port rules: every port goes to the default target address.
          </p>
        )}
        {values.ports.map(portFields)}
        <button
          type="button"
          className="p-button"
          onClick={() => {
            update({ ...values, ports: [...values.ports, newPortValues()] });
          }}
        >
          Add port rule
        </button>
      </section>
      {notice}
      <div className="form-actions">
        <button type="button" className="p-button--base" onClick={onCancel}>
          Cancel
        </button>
        <FormSubmitButton mode={mode} busy={busy} dirty={dirty} reason={reason}>
          {mode === 'create' ? 'Create forward' : 'Save changes'}
        </FormSubmitButton>
      </div>
    </form>
  );
}
