import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { storagePoolNameExists } from '../../../../lxd/endpoints/storage-pools';
import { saveLabel } from '../../../../shared/config-form';
import { parseYaml, toYaml, YamlEditor } from '../../../../shared/ui/yaml';
import type { DriverOption } from '../drivers';
import {
  countPoolChanges,
  poolFromYamlObject,
  poolYamlObject,
  validatePoolForm,
  withDriver,
  type PoolFormContext,
  type PoolFormErrors,
  type PoolFormMode,
  type PoolFormValues,
} from '../form';
import { takenPoolName, validatePoolName } from '../rules';
import { usePoolNameCheck } from '../usePoolNameCheck';
import { DriverSettings, MainFields, MemberSettings, type SectionProps } from './PoolFormSections';
import { GatedButton } from '../../../../shared/ui/Gated';
import '../../../../shared/ui/form-actions.scss';

export interface PoolFormProps {
  mode: PoolFormMode;
  initial: PoolFormValues;
  /** Cluster members the pool is (to be) defined on; empty on a standalone server. */
  members: readonly string[];
  /** Creation: the drivers the server offers. */
  drivers?: readonly DriverOption[];
  /** Edit: the pool's status (a Pending pool's source can still change). */
  status?: string | undefined;
  onSubmit: (values: PoolFormValues) => void;
  busy: boolean;
  /** Why the form is read-only (no permission), if it is. */
  readOnlyReason?: string | undefined;
  /** The outcome of the last submit (errors, conflicts), shown above the buttons. */
  notice?: ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

type View = 'form' | 'yaml';

function readYaml(
  text: string,
  previous: PoolFormValues,
  context: PoolFormContext,
): { ok: true; values: PoolFormValues } | { ok: false; error: string } {
  const parsed = parseYaml(text);
  if (!parsed.ok) return { ok: false, error: parsed.error.message };
  try {
    return { ok: true, values: poolFromYamlObject(parsed.value, previous, context) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The storage pool form: fields by driver, or the whole pool as YAML. */
export function PoolForm(props: PoolFormProps) {
  const { mode, initial, members, onDirtyChange } = props;
  const context: PoolFormContext = { mode, members };
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [view, setView] = useState<View>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();
  const [lookup, setLookup] = useState<{ name: string; taken: boolean } | null>(null);
  const [lookupError, setLookupError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);

  const name = values.name.trim();
  const nameCheck = usePoolNameCheck(
    name,
    mode === 'create' && validatePoolName(name) === undefined,
  );
  const taken =
    (nameCheck.state === 'done' && nameCheck.taken) || (lookup?.name === name && lookup.taken);

  const yamlValues = view === 'yaml' ? readYaml(yamlText, values, context) : undefined;
  const current = yamlValues?.ok ? yamlValues.values : values;
  const changes = mode === 'edit' ? countPoolChanges(initial, current) : 0;
  const dirty = changes > 0 || (yamlValues !== undefined && !yamlValues.ok);
  useEffect(() => {
    onDirtyChange?.(mode === 'edit' && dirty);
  }, [mode, dirty, onDirtyChange]);

  // After a refused submit, move to the first field that says why.
  useEffect(() => {
    if (focusInvalid === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const allErrors: PoolFormErrors = validatePoolForm(values, context);
  if (mode === 'create' && !allErrors.name) {
    const message = takenPoolName(name, taken);
    if (message) allErrors.name = message;
  }
  const errors = Object.fromEntries(
    Object.entries(allErrors).filter(
      ([field]) =>
        submitted ||
        touched.has(field) ||
        (field === 'name' && taken) ||
        (field === 'requirements' && [...touched].some((t) => t.startsWith('config.'))),
    ),
  );
  const readOnly = props.readOnlyReason !== undefined;

  const touch = (field: string) => {
    setTouched((before) => new Set(before).add(field));
  };
  const update = (next: (before: PoolFormValues) => PoolFormValues) => {
    setValues(next);
  };

  const showView = (next: View) => {
    if (next === view) return;
    if (next === 'yaml') {
      setYamlText(toYaml(poolYamlObject(values, context)));
      setYamlError(undefined);
      setView('yaml');
      return;
    }
    const read = readYaml(yamlText, values, context);
    if (!read.ok) {
      setYamlError(read.error);
      return;
    }
    setValues(read.values);
    setYamlError(undefined);
    setView('form');
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    let next = values;
    if (view === 'yaml') {
      const read = readYaml(yamlText, values, context);
      if (!read.ok) {
        setYamlError(read.error);
        return;
      }
      next = read.values;
      setValues(next);
    }
    setSubmitted(true);
    const found = validatePoolForm(next, context);
    const first = Object.entries(found)[0];
    if (first) {
      if (view === 'yaml') setYamlError(`${first[0]}: ${first[1]}`);
      else setFocusInvalid((n) => n + 1);
      return;
    }
    if (mode === 'create') {
      // Ask again at submit: the name may have been taken since it was typed.
      const wanted = next.name.trim();
      setChecking(true);
      setLookupError(undefined);
      try {
        const exists = await storagePoolNameExists(wanted);
        setLookup({ name: wanted, taken: exists });
        if (exists) {
          const message = takenPoolName(wanted, true) ?? '';
          if (view === 'yaml') setYamlError(`name: ${message}`);
          else setFocusInvalid((n) => n + 1);
          return;
        }
      } catch (error) {
        setLookupError(error instanceof Error ? error.message : String(error));
        return;
      } finally {
        setChecking(false);
      }
    }
    props.onSubmit(next);
  };

  const sectionProps: SectionProps = {
    mode,
    values,
    errors,
    disabled: readOnly || props.busy,
    members,
    status: props.status,
    touch,
  };
  const nameNote =
    nameCheck.state === 'checking' && name !== ''
      ? 'Checking whether the name is free…'
      : nameCheck.state === 'error'
        ? `The name could not be checked: ${nameCheck.message}`
        : undefined;
  const submitLabel = mode === 'create' ? 'Create pool' : saveLabel(changes);
  const noDrivers = mode === 'create' && (props.drivers ?? []).length === 0;

  return (
    <form
      ref={formRef}
      className="pool-form"
      aria-label="Storage pool configuration"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {props.readOnlyReason && (
        <p className="pool-locked" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <div className="pool-form__views" role="group" aria-label="Edit the pool as">
        {(['form', 'yaml'] as const).map((item) => (
          <button
            key={item}
            type="button"
            className={`p-button is-dense${view === item ? ' is-selected' : ''}`}
            aria-pressed={view === item}
            onClick={() => {
              showView(item);
            }}
          >
            {item === 'form' ? 'Form' : 'YAML'}
          </button>
        ))}
      </div>
      {view === 'form' ? (
        <>
          <MainFields
            {...sectionProps}
            drivers={props.drivers ?? []}
            nameNote={nameNote}
            setName={(next) => {
              update((v) => ({ ...v, name: next }));
            }}
            setDescription={(next) => {
              update((v) => ({ ...v, description: next }));
            }}
            setDriver={(next) => {
              update((v) => withDriver(v, next));
            }}
          />
          <DriverSettings
            {...sectionProps}
            setConfig={(key, value) => {
              update((v) => ({ ...v, config: { ...v.config, [key]: value } }));
            }}
          />
          <MemberSettings
            {...sectionProps}
            setMemberConfig={(member, key, value) => {
              update((v) => ({
                ...v,
                members: { ...v.members, [member]: { ...v.members[member], [key]: value } },
              }));
            }}
          />
        </>
      ) : (
        <div className="pool-form__yaml">
          <p className="p-form-help-text">
            {mode === 'create'
              ? 'The whole pool as YAML: name, description, driver and config.'
              : 'The pool as YAML: description and config.'}{' '}
            Values are sent as text.
            {members.length > 0 && ' Keys that differ between members are set in the form.'}
          </p>
          <YamlEditor
            label="Storage pool YAML"
            value={yamlText}
            readOnly={readOnly}
            onChange={(text) => {
              setYamlText(text);
              setYamlError(undefined);
            }}
          />
          {yamlError && (
            <p className="p-form-validation__message pool-yaml-error" role="alert">
              {yamlError}
            </p>
          )}
        </div>
      )}
      {lookupError && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">The name could not be checked: {lookupError}</p>
          </div>
        </div>
      )}
      {props.notice}
      <div className="form-actions">
        {props.onCancel && (
          <button type="button" className="p-button--base" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        {mode === 'edit' && dirty && (
          <button
            type="button"
            className="p-button"
            disabled={props.busy}
            onClick={() => {
              setValues(initial);
              setView('form');
              setYamlError(undefined);
              setSubmitted(false);
              setTouched(new Set());
            }}
          >
            Revert changes
          </button>
        )}
        <GatedButton
          type="submit"
          className="p-button--positive"
          disabled={props.busy || checking || noDrivers || (mode === 'edit' && !dirty)}
          reason={props.readOnlyReason}
          aria-busy={props.busy || checking}
        >
          {props.busy ? `${mode === 'create' ? 'Creating' : 'Saving'}…` : submitLabel}
        </GatedButton>
      </div>
    </form>
  );
}
