import { TextField } from '../../../shared/ui/TextField';

/**
 * The required name of something being created (a group, an IdP group, a TLS identity): its
 * problem shown under it once `problem` is set, otherwise the help line.
 */
export function NameField({
  id,
  label = 'Name',
  value,
  onChange,
  onBlur,
  problem,
  help,
  disabled = false,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shown once set (the caller decides when: touched, submitted). */
  problem: string | undefined;
  help?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={problem}
      help={help}
      required
      disabled={disabled}
    />
  );
}
