import {
  ConfigKeyInput,
  TextareaInput,
  TextInput,
  type ConfigKeyRenderers,
} from '../../../shared/forms';
import type { ProjectFormMode } from '../form';
import {
  PROJECT_FEATURES,
  PROJECT_LIMITS,
  PROJECT_RESTRICTIONS,
  RESTRICTED,
  supported,
  type ProjectKeyContext,
} from '../keys';
import { FeatureCheckbox, RestrictedSwitch, SizeInput } from './fields';

export interface SectionProps {
  mode: ProjectFormMode;
  extensions: readonly string[];
  disabled: boolean;
}

const SIZES: ConfigKeyRenderers<ProjectKeyContext> = { size: SizeInput };

/** The unset choice of a restriction: "Not set (block)". */
const notSet = (defaultText: string | undefined) =>
  defaultText ? `Not set (${defaultText})` : 'Not set';

export function DetailsSection({
  mode,
  extensions,
  disabled,
  featuresLockedReason,
}: SectionProps & { featuresLockedReason?: string | undefined }) {
  const locked = disabled || featuresLockedReason !== undefined;
  return (
    <>
      {mode === 'create' && (
        <TextInput
          name="name"
          label="Name"
          required
          help="Up to 63 characters; no spaces, slashes, underscores or quotes"
        />
      )}
      <TextareaInput name="description" label="Description" rows={2} disabled={disabled} />
      <fieldset className="project-fieldset">
        <legend>Features</legend>
        <p className="p-form-help-text">
          A project with a feature keeps its own set of those objects; without it, the project uses
          the default project&apos;s.
        </p>
        {featuresLockedReason && (
          <p className="page-note" role="note">
            {featuresLockedReason}
          </p>
        )}
        {supported(PROJECT_FEATURES, extensions).map((feature) => (
          <FeatureCheckbox
            key={feature.key}
            field={feature}
            name={`config.${feature.id}`}
            label={feature.label}
            disabled={locked}
            title={featuresLockedReason}
          />
        ))}
      </fieldset>
    </>
  );
}

export function LimitsSection({ extensions, disabled }: SectionProps) {
  return (
    <>
      <p className="p-form-help-text">
        Leave a limit empty for no limit. CPU, memory and process limits need every instance of the
        project to set the matching limit.
      </p>
      <div className="project-grid">
        {supported(PROJECT_LIMITS, extensions).map((limit) => (
          <ConfigKeyInput key={limit.key} field={limit} disabled={disabled} custom={SIZES} />
        ))}
      </div>
    </>
  );
}

export function RestrictionsSection({ extensions, disabled }: SectionProps) {
  return (
    <>
      <RestrictedSwitch
        name={`config.${RESTRICTED.id}`}
        label={RESTRICTED.label}
        disabled={disabled}
      />
      {PROJECT_RESTRICTIONS.map((group) => {
        const keys = supported(group.keys, extensions);
        if (keys.length === 0) return null;
        return (
          <fieldset className="project-fieldset" key={group.id}>
            <legend>{group.title}</legend>
            <div className="project-grid">
              {keys.map((item) => (
                <ConfigKeyInput
                  key={item.key}
                  field={item}
                  disabled={disabled}
                  empty={notSet(item.defaultText)}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
