import { TextField } from '../../../../shared/ui/TextField';
import type { AddressOption } from '../rules';

/**
 * An address field: typed, or picked from `options` (the network's addresses, the instances'
 * addresses). Picking fills the field; the message shows next to it.
 */
export function AddressInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  help,
  options,
  pickerLabel,
  pickerPlaceholder,
  required = false,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  help?: string | undefined;
  options: readonly AddressOption[];
  /** The picker's accessible name ("Pick the listen address from the network"). */
  pickerLabel: string;
  /** The picker's first, empty choice ("Network addresses…"). */
  pickerPlaceholder: string;
  required?: boolean;
  disabled?: boolean;
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
      disabled={disabled}
      className="address-input"
    >
      {options.length > 0 && !disabled && (
        <select
          aria-label={pickerLabel}
          value=""
          onChange={(event) => {
            if (event.target.value !== '') onChange(event.target.value);
            onBlur?.();
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
    </TextField>
  );
}
