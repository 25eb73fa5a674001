import type { ReactNode } from 'react';
import { TextField } from './TextField';

export interface KeyValueRow {
  key: string;
  value: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Rows of key and value fields in a fieldset, each removable, with an "Add {noun}" button at the
 * end (environment variables, image properties). Each row is a group named "{Noun} {key}".
 */
export function KeyValueRows({
  legend,
  noun,
  keyLabel = 'Key',
  rows,
  onChange,
  error,
  disabled,
  empty,
  className,
  rowClassName,
}: {
  legend: string;
  /** "variable" → "Add variable", "Remove variable X", group "Variable X". */
  noun: string;
  keyLabel?: string;
  rows: readonly KeyValueRow[];
  onChange: (update: (rows: readonly KeyValueRow[]) => KeyValueRow[]) => void;
  /** The message next to a row's key, if any. */
  error?: (index: number) => string | undefined;
  disabled?: boolean;
  /** Shown while there are no rows. */
  empty: ReactNode;
  className: string;
  rowClassName: string;
}) {
  const setRow = (index: number, change: Partial<KeyValueRow>) => {
    onChange((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  };
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {rows.length === 0 && <p className="p-form-help-text">{empty}</p>}
      {rows.map((row, index) => {
        const name = row.key.trim() || `row ${index + 1}`;
        return (
          // Rows are only added at the end or removed: the index is a stable enough key.
          <div
            className={rowClassName}
            key={index}
            role="group"
            aria-label={`${capitalized(noun)} ${name}`}
          >
            <TextField
              label={keyLabel}
              value={row.key}
              disabled={disabled}
              error={error?.(index)}
              onChange={(key) => setRow(index, { key })}
            />
            <TextField
              label="Value"
              value={row.value}
              disabled={disabled}
              onChange={(value) => setRow(index, { value })}
            />
            <button
              type="button"
              className="p-button--base is-dense"
              disabled={disabled}
              aria-label={`Remove ${noun} ${name}`}
              onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="p-button is-dense"
        disabled={disabled}
        onClick={() => onChange((current) => [...current, { key: '', value: '' }])}
      >
        Add {noun}
      </button>
    </fieldset>
  );
}
