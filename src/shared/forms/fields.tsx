/**
 * The fields of a form kit form, bound by name to the form around them (<ResourceForm>): label,
 * control, and the field's problem (once touched or sent) or help, wired for assistive
 * technology by FieldShell. Values are strings (LXD config values are text), booleans for
 * checkboxes, and rows for key/value lists.
 */
import {
  useEffect,
  useId,
  useRef,
  type HTMLInputTypeAttribute,
  type KeyboardEventHandler,
  type ReactNode,
} from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { KeyValueRows, type KeyValueRow } from '../ui/KeyValueRows';
import { controlProps, FieldShell } from './FieldShell';

export interface BoundFieldProps {
  /** The field's path in the form's values ("name", "config.limits_cpu"). */
  name: string;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  disabled?: boolean | undefined;
  className?: string;
  /** Beside the label (the LXD key the field sets). */
  labelExtra?: ReactNode;
  /** An id of the caller's (a label elsewhere points at it); one is made otherwise. */
  id?: string;
}

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The field's state: its id, value handlers and the problem it shows. */
function useBound(name: string, givenId: string | undefined) {
  const ownId = useId();
  const { field, fieldState } = useController({ name });
  return {
    id: givenId ?? ownId,
    ref: field.ref,
    value: field.value as unknown,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

export function TextInput({
  placeholder,
  type = 'text',
  inputMode,
  list,
  onKeyDown,
  children,
  ...props
}: BoundFieldProps & {
  placeholder?: string | undefined;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'password' | 'url' | 'datetime-local' | 'email'>;
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** The id of a <datalist> that suggests values. */
  list?: string;
  /** Keys the field handles itself (Enter that must not send a form around it). */
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  /** Beside the input, on the same row (a picker that fills it). */
  children?: ReactNode;
}) {
  const { id, ref, value, onChange, onBlur, error } = useBound(props.name, props.id);
  const input = (
    <input
      {...controlProps(id, error, props.help)}
      ref={ref}
      name={props.name}
      type={type}
      className="p-form-validation__input"
      autoComplete="off"
      spellCheck={false}
      value={(value as string | undefined) ?? ''}
      placeholder={placeholder}
      inputMode={inputMode}
      list={list}
      disabled={props.disabled}
      onChange={onChange}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    />
  );
  return (
    <FieldShell {...shellProps(props, id, error)}>
      {children !== undefined ? (
        <div className="form-field__row">
          {input}
          {children}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

/** A number typed as text (LXD keeps numbers in config as strings); checked by the rules. */
export function NumberInput(props: BoundFieldProps & { placeholder?: string | undefined }) {
  return <TextInput {...props} inputMode="numeric" />;
}

export function TextareaInput({
  rows = 3,
  placeholder,
  ...props
}: BoundFieldProps & { rows?: number; placeholder?: string | undefined }) {
  const { id, ref, value, onChange, onBlur, error } = useBound(props.name, props.id);
  return (
    <FieldShell {...shellProps(props, id, error)}>
      <textarea
        {...controlProps(id, error, props.help)}
        ref={ref}
        name={props.name}
        className="p-form-validation__input"
        rows={rows}
        placeholder={placeholder}
        spellCheck={false}
        value={(value as string | undefined) ?? ''}
        disabled={props.disabled}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

export function SelectInput({
  options,
  empty,
  ...props
}: BoundFieldProps & {
  options: readonly Choice[];
  /** The label of the empty choice ("Default (on)", "Choose a pool"); none without it. */
  empty?: string | undefined;
}) {
  const { id, ref, value, onChange, onBlur, error } = useBound(props.name, props.id);
  const text = (value as string | undefined) ?? '';
  // A value the choices do not know (set elsewhere, or by YAML mode) still shows as itself.
  const shown =
    text !== '' && !options.some((option) => option.value === text)
      ? [...options, { value: text, label: text }]
      : options;
  return (
    <FieldShell {...shellProps(props, id, error)}>
      <select
        {...controlProps(id, error, props.help)}
        ref={ref}
        name={props.name}
        value={text}
        disabled={props.disabled}
        onChange={onChange}
        onBlur={onBlur}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {shown.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxInput({
  name,
  label,
  help,
  disabled,
  className,
  id: givenId,
}: Omit<BoundFieldProps, 'required' | 'labelExtra'>) {
  const { id, ref, value, onChange, onBlur, error } = useBound(name, givenId);
  return (
    <div className={className ?? 'p-form__group'}>
      <label className="p-checkbox" htmlFor={id}>
        <input
          {...controlProps(id, error, help)}
          ref={ref}
          name={name}
          type="checkbox"
          className="p-checkbox__input"
          checked={value === true}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          onBlur={onBlur}
        />
        <span className="p-checkbox__label">{label}</span>
      </label>
      {error ? (
        <p className="p-form-validation__message" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : help ? (
        <p className="p-form-help-text" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A file to send (an image, an ISO, a backup): its value is the File, or null; the chosen file's
 * name shows under it instead of the help. Emptying the value (a form reset) empties the input too.
 */
export function FileInput({
  accept,
  onFile,
  ...props
}: BoundFieldProps & {
  /** The kinds of file offered (".iso,application/x-iso9660-image"). */
  accept?: string;
  /** After a file was chosen (or the choice emptied): fill in what it suggests. */
  onFile?: (file: File | null) => void;
}) {
  const { id, ref, value, onChange, onBlur, error } = useBound(props.name, props.id);
  const help = value instanceof File ? `Selected: ${value.name}` : props.help;
  const input = useRef<HTMLInputElement | null>(null);
  const chosen = value instanceof File;
  useEffect(() => {
    if (!chosen && input.current) input.current.value = '';
  }, [chosen]);
  return (
    <FieldShell {...shellProps({ ...props, help }, id, error)}>
      <input
        {...controlProps(id, error, help)}
        ref={(element) => {
          input.current = element;
          ref(element);
        }}
        name={props.name}
        type="file"
        accept={accept}
        className="p-form-validation__input"
        disabled={props.disabled}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          onChange(file);
          onFile?.(file);
        }}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

/** Rows of key and value (environment variables, image properties), each removable. */
export function KeyValueInput({
  name,
  ...props
}: Omit<Parameters<typeof KeyValueRows>[0], 'rows' | 'onChange' | 'error'> & { name: string }) {
  const { field } = useController({ name });
  const { errors } = useFormState({ name });
  const { getValues } = useFormContext();
  const rows = (field.value as readonly KeyValueRow[] | undefined) ?? [];
  return (
    <KeyValueRows
      {...props}
      rows={rows}
      onChange={(update) => {
        field.onChange(update((getValues(name) as readonly KeyValueRow[] | undefined) ?? []));
      }}
      error={(index) => {
        const problem: { message?: string } | undefined = get(
          errors,
          `${name}.${String(index)}.key`,
        );
        return problem?.message;
      }}
    />
  );
}

function shellProps(props: BoundFieldProps, id: string, error: string | undefined) {
  return {
    id,
    label: props.label,
    error,
    help: props.help,
    required: props.required,
    className: props.className,
    labelExtra: props.labelExtra,
  };
}
