import { ConfigKeyInput } from '../../../../shared/forms';
import type { VolumeField } from '../form';

/** What the pool's `volume.*` default says for a key, as help text. */
function poolDefaultText(field: VolumeField, poolConfig: Record<string, string>): string {
  const value = poolConfig[`volume.${field.key}`];
  if (!value) return '';
  const shown = field.kind === 'bool' ? (value === 'true' ? 'Yes' : 'No') : value;
  return ` Pool default: ${shown}.`;
}

/** One input per config key of a section, each with its key, its help and the pool's default. */
export function VolumeFieldsSection({
  fields,
  poolConfig,
  readOnly,
}: {
  fields: readonly VolumeField[];
  poolConfig: Record<string, string>;
  readOnly: boolean;
}) {
  return (
    <div className="volume-fields">
      {fields.map((field) => (
        <ConfigKeyInput
          key={field.id}
          field={{ ...field, help: `${field.help ?? ''}${poolDefaultText(field, poolConfig)}` }}
          prefix="fields"
          disabled={readOnly}
        />
      ))}
    </div>
  );
}
