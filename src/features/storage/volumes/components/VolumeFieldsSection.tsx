import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { VolumeField, VolumeFormValues } from '../form';

/** What the pool's `volume.*` default says for a key, as help text. */
function poolDefaultText(field: VolumeField, poolConfig: Record<string, string>): string {
  const value = poolConfig[`volume.${field.key}`];
  if (!value) return '';
  const shown = field.kind === 'bool' ? (value === 'true' ? 'Yes' : 'No') : value;
  return ` Pool default: ${shown}.`;
}

/** One input per config key of a section, each with its key and help. */
export function VolumeFieldsSection({
  form,
  fields,
  poolConfig,
  readOnly,
}: {
  form: UseFormReturn<VolumeFormValues>;
  fields: readonly VolumeField[];
  poolConfig: Record<string, string>;
  readOnly: boolean;
}) {
  const id = useId();
  return (
    <div className="volume-fields">
      {fields.map((field) => {
        const inputId = `${id}-${field.id}`;
        const help = `${field.help ?? ''}${poolDefaultText(field, poolConfig)}`.trim();
        const name = `fields.${field.id}` as const;
        const known = field.kind === 'bool' ? ['true', 'false'] : (field.options ?? []);
        const current = form.getValues('fields')[field.id] ?? '';
        const unknown = current !== '' && !known.includes(current) ? current : undefined;
        return (
          <div className="p-form__group volume-field" key={field.id}>
            <label htmlFor={inputId}>
              {field.label} <code className="volume-field__key">{field.key}</code>
            </label>
            {field.kind === 'text' ? (
              <input
                id={inputId}
                type="text"
                autoComplete="off"
                spellCheck={false}
                placeholder={field.placeholder}
                disabled={readOnly}
                aria-describedby={help ? `${inputId}-help` : undefined}
                {...form.register(name)}
              />
            ) : (
              <select
                id={inputId}
                disabled={readOnly}
                aria-describedby={help ? `${inputId}-help` : undefined}
                {...form.register(name)}
              >
                <option value="">Not set</option>
                {unknown !== undefined && <option value={unknown}>{unknown}</option>}
                {field.kind === 'bool' ? (
                  <>
                    <option value="true">Yes</option>
                    <option value="false">No</option>
                  </>
                ) : (
                  (field.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))
                )}
              </select>
            )}
            {help && (
              <p className="p-form-help-text" id={`${inputId}-help`}>
                {help}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
