import type { ReactNode } from 'react';
import { isTrue, type ProjectFormMode, type ProjectFormValues } from '../form';
import { PROJECT_FEATURES, PROJECT_LIMITS, PROJECT_RESTRICTIONS, supported } from '../keys';
import type { ProjectFormErrors } from '../validation';
import { CheckboxField, ChoiceField, SizeField, TextField } from './fields';

export interface SectionProps {
  mode: ProjectFormMode;
  values: ProjectFormValues;
  /** Errors to show now (touched fields, or all after a submit). */
  errors: ProjectFormErrors;
  extensions: readonly string[];
  disabled: boolean;
  setField: (field: 'name' | 'description', value: string) => void;
  setConfig: (key: string, value: string) => void;
  touch: (field: string) => void;
}

export function DetailsSection({
  mode,
  values,
  errors,
  extensions,
  disabled,
  setField,
  setConfig,
  touch,
  featuresLockedReason,
}: SectionProps & { featuresLockedReason?: string | undefined }) {
  const features = supported(PROJECT_FEATURES, extensions);
  const locked = disabled || featuresLockedReason !== undefined;
  return (
    <>
      {mode === 'create' && (
        <TextField
          label="Name"
          required
          value={values.name}
          error={errors.name}
          help="Up to 63 characters; no spaces, slashes, underscores or quotes"
          onChange={(value) => setField('name', value)}
          onBlur={() => touch('name')}
        />
      )}
      <TextField
        label="Description"
        multiline
        disabled={disabled}
        value={values.description}
        onChange={(value) => setField('description', value)}
      />
      <fieldset className="project-fieldset">
        <legend>Features</legend>
        <p className="p-form-help-text">
          A project with a feature keeps its own set of those objects; without it, the project uses
          the default project&apos;s.
        </p>
        {featuresLockedReason && (
          <p className="project-locked" role="note">
            {featuresLockedReason}
          </p>
        )}
        {features.map((feature) => (
          <CheckboxField
            key={feature.key}
            label={feature.label}
            help={feature.help}
            checked={isTrue(values.config[feature.key])}
            disabled={locked}
            title={featuresLockedReason}
            onChange={(checked) => setConfig(feature.key, checked ? 'true' : 'false')}
          />
        ))}
      </fieldset>
    </>
  );
}

export function LimitsSection({
  values,
  errors,
  extensions,
  disabled,
  setConfig,
  touch,
}: SectionProps) {
  return (
    <>
      <p className="p-form-help-text">
        Leave a limit empty for no limit. CPU, memory and process limits need every instance of the
        project to set the matching limit.
      </p>
      <div className="project-grid">
        {supported(PROJECT_LIMITS, extensions).map((limit) =>
          limit.kind === 'size' ? (
            <SizeField
              key={limit.key}
              label={limit.label}
              help={limit.help}
              value={values.config[limit.key] ?? ''}
              error={errors[limit.key]}
              disabled={disabled}
              onChange={(value) => setConfig(limit.key, value)}
              onBlur={() => touch(limit.key)}
            />
          ) : (
            <TextField
              key={limit.key}
              label={limit.label}
              help={limit.help}
              placeholder="No limit"
              value={values.config[limit.key] ?? ''}
              error={errors[limit.key]}
              disabled={disabled}
              onChange={(value) => setConfig(limit.key, value)}
              onBlur={() => touch(limit.key)}
            />
          ),
        )}
      </div>
    </>
  );
}

export function RestrictionsSection({
  values,
  errors,
  extensions,
  disabled,
  setConfig,
}: SectionProps) {
  const restricted = isTrue(values.config.restricted);
  return (
    <>
      <div className={`p-form__group p-form-validation${errors.restricted ? ' is-error' : ''}`}>
        <label className="p-switch">
          <input
            type="checkbox"
            role="switch"
            className="p-switch__input"
            checked={restricted}
            disabled={disabled}
            aria-describedby={errors.restricted ? 'project-restricted-error' : undefined}
            onChange={(event) => setConfig('restricted', event.target.checked ? 'true' : '')}
          />
          <span className="p-switch__slider" />
          <span className="p-switch__label">Restrict this project</span>
        </label>
        {errors.restricted && (
          <p className="p-form-validation__message" id="project-restricted-error" role="alert">
            {errors.restricted}
          </p>
        )}
        <p className="p-form-help-text">
          The settings below take effect only while the project is restricted. Unset settings use
          the server&apos;s default, shown in brackets.
        </p>
      </div>
      {PROJECT_RESTRICTIONS.map((group) => {
        const keys = supported(group.keys, extensions);
        if (keys.length === 0) return null;
        return (
          <fieldset className="project-fieldset" key={group.id}>
            <legend>{group.title}</legend>
            <div className="project-grid">
              {keys.map((item): ReactNode =>
                item.kind === 'choice' ? (
                  <ChoiceField
                    key={item.key}
                    label={item.label}
                    help={item.help}
                    options={item.options ?? []}
                    defaultValue={item.defaultValue}
                    value={values.config[item.key] ?? ''}
                    disabled={disabled}
                    onChange={(value) => setConfig(item.key, value)}
                  />
                ) : (
                  <TextField
                    key={item.key}
                    label={item.label}
                    help={item.help}
                    placeholder="Not set"
                    value={values.config[item.key] ?? ''}
                    disabled={disabled}
                    onChange={(value) => setConfig(item.key, value)}
                  />
                ),
              )}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
