import { useController, type UseFormReturn } from 'react-hook-form';
import { YamlEditor, parseYaml } from '../ui/yaml';
import { sectionFields, type ConfigField } from './fields';
import type { InheritedSet } from './inherit';
import { lxdKey, type ConfigFormValues, type MappingOptions } from './mapping';
import { SshKeysField } from './SshKeysField';

/** The YAML error of cloud-init data ("Line 2, column 3: …"); scripts (#!) are not YAML. */
export function cloudInitError(text: string): string | undefined {
  if (text.trim() === '' || text.startsWith('#!')) return undefined;
  const parsed = parseYaml(text);
  return parsed.ok ? undefined : parsed.error.message;
}

function CloudInitField({
  form,
  field,
  inherited,
  mapping,
}: {
  form: UseFormReturn<ConfigFormValues>;
  field: ConfigField;
  inherited: InheritedSet;
  mapping: MappingOptions;
}) {
  const { field: control } = useController({ control: form.control, name: `config.${field.id}` });
  const key = lxdKey(field, mapping);
  const fromProfile = inherited.config[key];
  const value = typeof control.value === 'string' ? control.value : '';
  const error = cloudInitError(value);
  return (
    <section className="cloud-init-field" aria-label={field.label}>
      <div className="cloud-init-field__header">
        <h3 className="p-heading--5">
          {field.label} <code className="config-table__key">{key}</code>
        </h3>
        {value !== '' && (
          <button
            type="button"
            className="p-button--base is-dense"
            onClick={() => control.onChange('')}
          >
            Clear {field.label.toLowerCase()}
          </button>
        )}
      </div>
      {fromProfile && value === '' && (
        <p className="u-text--muted">
          Inherited from profile {fromProfile.profile}; type below to override it.
        </p>
      )}
      <YamlEditor
        value={value}
        onChange={control.onChange}
        label={`Cloud-init ${field.label.toLowerCase()}`}
        minHeight="8rem"
      />
      {error && (
        <p className="p-form-validation__message" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** cloud-init.user-data, vendor-data and network-config, each in a YAML editor. */
export function CloudInitSection({
  form,
  inherited,
  mapping,
  product,
}: {
  form: UseFormReturn<ConfigFormValues>;
  inherited: InheritedSet;
  mapping: MappingOptions;
  /** The server's product name ("LXD", "Incus"). */
  product?: string;
}) {
  return (
    <div className="cloud-init-section">
      {mapping.legacyCloudInit && (
        <p className="u-text--muted">
          This server has no cloud-init.* keys; the values are stored in user.* keys instead.
        </p>
      )}
      {sectionFields('cloud-init').map((field) => (
        <CloudInitField
          key={field.id}
          form={form}
          field={field}
          inherited={inherited}
          mapping={mapping}
        />
      ))}
      <SshKeysField form={form} separateKeys={mapping.sshKeys ?? false} product={product} />
    </div>
  );
}
