import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { AddressInput } from '../forwards/components/AddressInput';
import { PortsInput } from '../forwards/components/PortsInput';
import { PORT_PROTOCOLS, type AddressOption } from '../forwards/rules';
import { FormSubmitButton } from '../../../shared/ui/Gated';
import {
  hasLbErrors,
  lbErrors,
  newBackendValues,
  newLbPortValues,
  nextBackendName,
  removeBackend,
  renameBackend,
  type LbBackendValues,
  type LbFormValues,
  type LbPortValues,
} from './form';

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
  onSubmit: (values: LbFormValues) => void;
  busy: boolean;
  notice?: ReactNode;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  const errors = lbErrors(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const title =
    mode === 'create' ? 'Create a load balancer' : `Edit load balancer ${initial.listenAddress}`;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const update = (next: LbFormValues) => {
    setValues(next);
    onDirtyChange?.(JSON.stringify(next) !== JSON.stringify(initial));
  };
  const shown = (key: string, error: string | undefined) =>
    submitted || touched.has(key) ? error : undefined;
  const touch = (key: string) => () => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  };
  const setBackend = (index: number, field: keyof LbBackendValues, value: string) => {
    if (field === 'name') {
      update(renameBackend(values, index, value));
      return;
    }
    update({
      ...values,
      backends: values.backends.map((b, i) => (i === index ? { ...b, [field]: value } : b)),
    });
  };
  const setPort = (index: number, change: Partial<LbPortValues>) => {
    update({
      ...values,
      ports: values.ports.map((p, i) => (i === index ? { ...p, ...change } : p)),
    });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasLbErrors(errors)) return;
    onSubmit(values);
  };

  const backendNames = values.backends.map((b) => b.name.trim()).filter((name) => name !== '');

  return (
    <section className="lb-editor" aria-labelledby="lb-editor-heading">
      <h2 className="p-heading--5" id="lb-editor-heading" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <form className="lb-form" onSubmit={submit} noValidate aria-labelledby="lb-editor-heading">
        <div className="lb-form__main">
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
              options={listenOptions}
              pickerLabel="Pick the listen address from the network"
              pickerPlaceholder="Network addresses…"
            />
          ) : (
            <p className="forward-form__fixed">
              <span className="forward-form__fixed-label">Listen address</span>
              {values.listenAddress}
            </p>
          )}
          <div className="p-form__group">
            <label htmlFor="lb-description">Description</label>
            <input
              id="lb-description"
              type="text"
              value={values.description}
              onChange={(event) => {
                update({ ...values, description: event.target.value });
              }}
            />
          </div>
        </div>

        <h3 className="p-heading--5 lb-form__title">Backends</h3>
        {values.backends.length === 0 && (
          <p className="u-text--muted">No backends yet: add the instances to balance over.</p>
        )}
        {values.backends.map((backend, index) => {
          const position = String(index + 1);
          const problems = errors.backends[index] ?? {};
          const key = (field: string) => `backends.${position}.${field}`;
          return (
            <fieldset key={index} className="forward-port">
              <legend>Backend {position}</legend>
              <div className="forward-port__fields">
                <div
                  className={`p-form__group p-form-validation${shown(key('name'), problems.name) ? ' is-error' : ''}`}
                >
                  <label htmlFor={`lb-backend-${position}-name`} className="is-required">
                    Name
                  </label>
                  <input
                    id={`lb-backend-${position}-name`}
                    type="text"
                    className="p-form-validation__input"
                    value={backend.name}
                    aria-invalid={shown(key('name'), problems.name) ? true : undefined}
                    aria-describedby={
                      shown(key('name'), problems.name)
                        ? `lb-backend-${position}-name-error`
                        : undefined
                    }
                    onChange={(event) => {
                      setBackend(index, 'name', event.target.value);
                    }}
                    onBlur={touch(key('name'))}
                  />
                  {shown(key('name'), problems.name) && (
                    <p
                      className="p-form-validation__message"
                      id={`lb-backend-${position}-name-error`}
                      role="alert"
                    >
                      {problems.name}
                    </p>
                  )}
                </div>
                <AddressInput
                  label="Target address"
                  required
                  value={backend.targetAddress}
                  onChange={(value) => {
                    setBackend(index, 'targetAddress', value);
                  }}
                  onBlur={touch(key('targetAddress'))}
                  error={shown(key('targetAddress'), problems.targetAddress)}
                  options={targetOptions}
                  pickerLabel={`Pick the address of backend ${position} from the instances`}
                  pickerPlaceholder="Instance addresses…"
                />
                <PortsInput
                  label="Target ports"
                  value={backend.targetPorts}
                  onChange={(value) => {
                    setBackend(index, 'targetPorts', value);
                  }}
                  onBlur={touch(key('targetPorts'))}
                  error={shown(key('targetPorts'), problems.targetPorts)}
                  help="Empty: the listen ports."
                />
                <div className="p-form__group">
                  <label htmlFor={`lb-backend-${position}-description`}>Description</label>
                  <input
                    id={`lb-backend-${position}-description`}
                    type="text"
                    value={backend.description}
                    onChange={(event) => {
                      setBackend(index, 'description', event.target.value);
                    }}
                  />
                </div>
              </div>
              <button
                type="button"
                className="p-button is-dense forward-port__remove"
                aria-label={`Remove backend ${position}`}
                onClick={() => {
                  update(removeBackend(values, index));
                }}
              >
                Remove
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="p-button"
          onClick={() => {
            update({
              ...values,
              backends: [...values.backends, newBackendValues(nextBackendName(values.backends))],
            });
          }}
        >
          Add backend
        </button>

        <h3 className="p-heading--5 lb-form__title">Ports</h3>
        {values.ports.length === 0 && (
          <p className="u-text--muted">No ports yet: add the ports to balance.</p>
        )}
        {values.ports.map((port, index) => {
          const position = String(index + 1);
          const problems = errors.ports[index] ?? {};
          const key = (field: string) => `ports.${position}.${field}`;
          const backendsError = shown(key('targetBackends'), problems.targetBackends);
          return (
            <fieldset key={index} className="forward-port">
              <legend>Port {position}</legend>
              <div className="forward-port__fields">
                <div className="p-form__group">
                  <label htmlFor={`lb-port-${position}-protocol`}>Protocol</label>
                  <select
                    id={`lb-port-${position}-protocol`}
                    value={port.protocol}
                    onChange={(event) => {
                      setPort(index, { protocol: event.target.value });
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
                    setPort(index, { listenPorts: value });
                  }}
                  onBlur={touch(key('listenPorts'))}
                  error={shown(key('listenPorts'), problems.listenPorts)}
                />
                <fieldset
                  className={`lb-port__backends p-form-validation${backendsError ? ' is-error' : ''}`}
                  aria-describedby={
                    backendsError ? `lb-port-${position}-backends-error` : undefined
                  }
                >
                  <legend>Target backends</legend>
                  {port.targetPool !== '' && (
                    <p className="u-text--muted">
                      Also balances over pool {port.targetPool} (kept as it is).
                    </p>
                  )}
                  {backendNames.length === 0 && (
                    <p className="u-text--muted">Add a backend first.</p>
                  )}
                  {backendNames.map((name) => (
                    <label key={name} className="p-checkbox">
                      <input
                        type="checkbox"
                        className="p-checkbox__input"
                        checked={port.targetBackends.includes(name)}
                        onChange={(event) => {
                          setPort(index, {
                            targetBackends: event.target.checked
                              ? [...port.targetBackends, name]
                              : port.targetBackends.filter((target) => target !== name),
                          });
                          touch(key('targetBackends'))();
                        }}
                      />
                      <span className="p-checkbox__label">{name}</span>
                    </label>
                  ))}
                  {backendsError && (
                    <p
                      className="p-form-validation__message"
                      id={`lb-port-${position}-backends-error`}
                      role="alert"
                    >
                      {backendsError}
                    </p>
                  )}
                </fieldset>
                <div className="p-form__group">
                  <label htmlFor={`lb-port-${position}-description`}>Description</label>
                  <input
                    id={`lb-port-${position}-description`}
                    type="text"
                    value={port.description}
                    onChange={(event) => {
                      setPort(index, { description: event.target.value });
                    }}
                  />
                </div>
              </div>
              <button
                type="button"
                className="p-button is-dense forward-port__remove"
                aria-label={`Remove port ${position}`}
                onClick={() => {
                  update({ ...values, ports: values.ports.filter((_, i) => i !== index) });
                }}
              >
                Remove
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="p-button"
          onClick={() => {
            update({ ...values, ports: [...values.ports, newLbPortValues()] });
          }}
        >
          Add port
        </button>
        {notice}
        <div className="form-actions">
          <button type="button" className="p-button--base" onClick={onCancel}>
            Cancel
          </button>
          <FormSubmitButton mode={mode} busy={busy} dirty={dirty} reason={undefined}>
            {mode === 'create' ? 'Create load balancer' : 'Save changes'}
          </FormSubmitButton>
        </div>
      </form>
    </section>
  );
}
