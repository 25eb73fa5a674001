import { TextField } from '../../../../shared/ui/TextField';

/** A port list field (spec §5): its message, or its help, next to it. */
export function PortsInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  help = 'Up to 10 ports or ranges, separated by commas: 80,443,8000-8080',
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  help?: string;
  required?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      help={help}
      required={required}
    />
  );
}
