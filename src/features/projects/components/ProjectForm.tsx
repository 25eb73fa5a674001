import type { ReactNode } from 'react';
import { SectionsFrame } from '../../../shared/config-form';
import { FormActions, ResourceForm, useResourceForm, YamlBody } from '../../../shared/forms';
import {
  fieldPath,
  fromFormFields,
  keyOfPath,
  toFormFields,
  type ProjectFormFields,
  type ProjectFormMode,
  type ProjectFormValues,
} from '../form';
import { PROJECT_SECTIONS, sectionOfPath, type ProjectSection } from '../sections';
import { validateProjectForm } from '../validation';
import { projectYamlObject, yamlObjectToValues } from '../yaml';
import { DetailsSection, LimitsSection, RestrictionsSection, type SectionProps } from './sections';

export interface ProjectFormProps {
  mode: ProjectFormMode;
  initial: ProjectFormValues;
  extensions: readonly string[];
  existingNames: readonly string[];
  /** The section kept outside (the URL); the form keeps it when absent. */
  section?: ProjectSection | undefined;
  onSectionChange?: ((section: ProjectSection) => void) | undefined;
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
  /** More fields at the end of the details section (bound to the form's values). */
  detailsExtra?: (disabled: boolean) => ReactNode;
}

/** The project form: sections one at a time, or the whole project as YAML. */
export function ProjectForm(props: ProjectFormProps) {
  const { mode, initial, extensions } = props;
  const values = (fields: ProjectFormFields) => fromFormFields(fields, initial.config);
  const kit = useResourceForm<ProjectFormFields, ProjectSection>({
    defaultValues: toFormFields(initial),
    validate: (fields) => {
      const found = validateProjectForm(values(fields), {
        mode,
        existing: props.existingNames,
        extensions,
        current: mode === 'edit' ? initial.name : undefined,
      });
      return Object.fromEntries(
        Object.entries(found).map(([field, message]) => [fieldPath(field), message]),
      );
    },
    yaml: {
      toObject: (fields) => projectYamlObject(values(fields), mode),
      fromObject: (value, current) => {
        const read = yamlObjectToValues(value, values(current), mode);
        if (!read.ok) throw new Error(read.error);
        return toFormFields(read.values);
      },
      // "limits.cpu: Enter a whole number of 0 or more".
      problem: (path, message) => `${keyOfPath(path)}: ${message}`,
    },
    sections: {
      initial: props.section ?? 'project-details',
      current: props.section,
      onChange: props.onSectionChange,
      of: sectionOfPath,
    },
    onDirtyChange: props.onDirtyChange,
    onSubmit: (fields) => {
      props.onSubmit(values(fields));
    },
    busy: props.busy,
  });
  const readOnly = props.readOnlyReason !== undefined;
  const sectionProps: SectionProps = { mode, extensions, disabled: readOnly || kit.busy };
  const { section } = kit;

  return (
    <ResourceForm kit={kit} className="project-form" label="Project configuration">
      <SectionsFrame
        label="Project form"
        sections={PROJECT_SECTIONS}
        section={section}
        onSelect={kit.selectSection}
        hasErrors={kit.hasErrors}
      >
        {props.readOnlyReason && (
          <p className="page-note" role="note">
            {props.readOnlyReason}
          </p>
        )}
        {section === 'project-details' && (
          <>
            <DetailsSection {...sectionProps} featuresLockedReason={props.featuresLockedReason} />
            {props.detailsExtra?.(sectionProps.disabled)}
          </>
        )}
        {section === 'resource-limits' && <LimitsSection {...sectionProps} />}
        {section === 'restrictions' && <RestrictionsSection {...sectionProps} />}
        {section === 'yaml' && (
          <YamlBody
            yaml={kit.yaml}
            label="Project YAML"
            readOnly={readOnly}
            help="The whole project as YAML. Config values are sent as text."
          />
        )}
        {props.notice}
        <FormActions
          kit={kit}
          mode={mode}
          submitLabel={props.submitLabel}
          reason={props.readOnlyReason}
          onCancel={props.onCancel}
        />
      </SectionsFrame>
    </ResourceForm>
  );
}
