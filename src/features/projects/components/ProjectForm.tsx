import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { YamlEditor } from '../../../shared/ui/yaml';
import { GatedButton } from '../../../shared/ui/Gated';
import {
  changedKeys,
  withConfigValue,
  type ProjectFormMode,
  type ProjectFormValues,
} from '../form';
import { PROJECT_SECTIONS, sectionOfField, type ProjectSection } from '../sections';
import { validateProjectForm } from '../validation';
import { valuesToYaml, yamlToValues } from '../yaml';
import { DetailsSection, LimitsSection, RestrictionsSection, type SectionProps } from './sections';
import '../../../shared/ui/form-actions.scss';

export interface ProjectFormProps {
  mode: ProjectFormMode;
  initial: ProjectFormValues;
  extensions: readonly string[];
  existingNames: readonly string[];
  section: ProjectSection;
  onSectionChange: (section: ProjectSection) => void;
  onSubmit: (values: ProjectFormValues) => void;
  submitLabel: string;
  busy: boolean;
  /** Why the form is read-only (no permission), if it is. */
  readOnlyReason?: string | undefined;
  featuresLockedReason?: string | undefined;
  /** Outcome of the last submit (errors, conflicts), shown above the buttons. */
  notice?: ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** More fields at the end of the details section, given the current values. */
  detailsExtra?: (values: ProjectFormValues, disabled: boolean) => ReactNode;
}

function isDirty(initial: ProjectFormValues, values: ProjectFormValues) {
  return (
    initial.name !== values.name ||
    initial.description !== values.description ||
    changedKeys(initial.config, values.config).length > 0
  );
}

/** The project form: sections one at a time, or the whole project as YAML. */
export function ProjectForm(props: ProjectFormProps) {
  const { mode, initial, extensions, section, onSectionChange, onDirtyChange } = props;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<string>();

  // Leaving YAML by URL (back button): apply the text, or stay while it does not parse.
  let shown: ProjectSection = section;
  if (section !== 'yaml' && yamlText !== null) {
    const parsed = yamlToValues(yamlText, values, mode);
    if (parsed.ok) {
      setValues(parsed.values);
      setYamlText(null);
    } else shown = 'yaml';
  }

  const current = yamlText === null ? values : yamlOrValues(yamlText, values, mode);
  const dirty =
    isDirty(initial, current) || (yamlText !== null && !sameYaml(yamlText, values, mode));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const allErrors = validateProjectForm(values, {
    mode,
    existing: props.existingNames,
    extensions,
    current: mode === 'edit' ? initial.name : undefined,
  });
  const errors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => submitted || touched.has(field)),
  );
  const readOnly = props.readOnlyReason !== undefined;

  const goTo = (next: ProjectSection) => {
    if (next === shown) return;
    if (next === 'yaml') {
      setYamlText(valuesToYaml(values, mode));
      setYamlError(undefined);
    } else if (yamlText !== null) {
      const parsed = yamlToValues(yamlText, values, mode);
      if (!parsed.ok) {
        setYamlError(parsed.error);
        return;
      }
      setValues(parsed.values);
      setYamlText(null);
    }
    onSectionChange(next);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    let next = values;
    if (yamlText !== null) {
      const parsed = yamlToValues(yamlText, values, mode);
      if (!parsed.ok) {
        setYamlError(parsed.error);
        return;
      }
      next = parsed.values;
      setValues(next);
      setYamlError(undefined);
    }
    setSubmitted(true);
    const found = validateProjectForm(next, {
      mode,
      existing: props.existingNames,
      extensions,
      current: mode === 'edit' ? initial.name : undefined,
    });
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      if (yamlText === null) onSectionChange(sectionOfField(first));
      else setYamlError(`${first}: ${found[first] ?? ''}`);
      return;
    }
    props.onSubmit(next);
  };

  const sectionProps: SectionProps = {
    mode,
    values,
    errors,
    extensions,
    disabled: readOnly || props.busy,
    setField: (field, value) => {
      setValues((v) => ({ ...v, [field]: value }));
    },
    setConfig: (key, value) => {
      setValues((v) => ({ ...v, config: withConfigValue(v.config, key, value) }));
    },
    touch: (field) => {
      setTouched((t) => new Set(t).add(field));
    },
  };
  const errorSections = new Set(Object.keys(errors).map(sectionOfField));

  return (
    <form className="project-form" onSubmit={submit} noValidate aria-label="Project configuration">
      <nav className="project-form__nav" aria-label="Project form sections">
        <ul className="p-list">
          {PROJECT_SECTIONS.map((item) => (
            <li key={item.id} className="p-list__item">
              <button
                type="button"
                className="project-form__nav-item"
                aria-current={item.id === shown ? 'step' : undefined}
                onClick={() => goTo(item.id)}
              >
                {item.label}
                {errorSections.has(item.id) && (
                  <i className="p-icon--error" aria-label="has errors" role="img" />
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="project-form__body">
        <h2 className="p-heading--5">{PROJECT_SECTIONS.find((s) => s.id === shown)?.label}</h2>
        {props.readOnlyReason && (
          <p className="project-locked" role="note">
            {props.readOnlyReason}
          </p>
        )}
        {shown === 'project-details' && (
          <>
            <DetailsSection {...sectionProps} featuresLockedReason={props.featuresLockedReason} />
            {props.detailsExtra?.(values, sectionProps.disabled)}
          </>
        )}
        {shown === 'resource-limits' && <LimitsSection {...sectionProps} />}
        {shown === 'restrictions' && <RestrictionsSection {...sectionProps} />}
        {shown === 'yaml' && (
          <>
            <p className="p-form-help-text">
              The whole project as YAML. Config values are sent as text.
            </p>
            <YamlEditor
              label="Project YAML"
              value={yamlText ?? valuesToYaml(values, mode)}
              readOnly={readOnly}
              onChange={(text) => {
                setYamlText(text);
                setYamlError(undefined);
              }}
            />
            {yamlError && (
              <p className="p-form-validation__message project-yaml-error" role="alert">
                {yamlError}
              </p>
            )}
          </>
        )}
        {props.notice}
        <div className="form-actions">
          {props.onCancel && (
            <button type="button" className="p-button--base" onClick={props.onCancel}>
              Cancel
            </button>
          )}
          {mode === 'edit' && dirty && (
            <button
              type="button"
              className="p-button"
              disabled={props.busy}
              onClick={() => {
                setValues(initial);
                setYamlText(null);
                setYamlError(undefined);
                setSubmitted(false);
              }}
            >
              Revert changes
            </button>
          )}
          <GatedButton
            type="submit"
            className="p-button--positive"
            disabled={props.busy || (mode === 'edit' && !dirty)}
            reason={props.readOnlyReason}
            aria-busy={props.busy}
          >
            {props.busy ? `${props.submitLabel}…` : props.submitLabel}
          </GatedButton>
        </div>
      </div>
    </form>
  );
}

function yamlOrValues(text: string, values: ProjectFormValues, mode: ProjectFormMode) {
  const parsed = yamlToValues(text, values, mode);
  return parsed.ok ? parsed.values : values;
}

function sameYaml(text: string, values: ProjectFormValues, mode: ProjectFormMode) {
  return text === valuesToYaml(values, mode);
}
