import { useCallback } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toYaml, type YamlError } from '../../../../shared/ui/yaml';
import { readYamlText, useYamlSections } from '../../../../shared/ui/yaml/useYamlSections';
import type { VolumeFormValues, VolumeSectionId } from '../form';

export interface VolumeFormController {
  form: UseFormReturn<VolumeFormValues>;
  section: VolumeSectionId;
  /** Moves to a section; leaving YAML mode with invalid YAML stays there and shows why. */
  selectSection: (section: VolumeSectionId) => boolean;
  isYaml: boolean;
  yaml: { text: string; setText: (text: string) => void; error: YamlError | undefined };
  /** The values to save: the form's, or YAML mode's text read back (undefined if invalid). */
  currentValues: () => VolumeFormValues | undefined;
  /** Starts over from these values (YAML mode shows them again). */
  reset: (values: VolumeFormValues) => void;
}

/**
 * The volume form's state: react-hook-form for the fields (validated once touched), the
 * current section (in the URL when `section` is given), and YAML mode for the whole object.
 */
export function useVolumeForm(options: {
  defaultValues: VolumeFormValues;
  toYamlObject: (values: VolumeFormValues) => unknown;
  fromYamlObject: (value: unknown) => VolumeFormValues;
  section?: VolumeSectionId | undefined;
  onSectionChange?: ((section: VolumeSectionId) => void) | undefined;
}): VolumeFormController {
  const form = useForm<VolumeFormValues>({
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const yaml = useYamlSections<VolumeSectionId, VolumeFormValues>({
    section: options.section,
    onSectionChange: options.onSectionChange,
    initialSection: 'main',
    values: () => form.getValues(),
    apply: (values) => form.reset(values, { keepDefaultValues: true }),
    toText: (values) => toYaml(options.toYamlObject(values)),
    read: (text) => readYamlText(text, options.fromYamlObject),
  });
  const { clearYaml } = yaml;

  const reset = useCallback(
    (values: VolumeFormValues) => {
      form.reset(values);
      clearYaml();
    },
    [form, clearYaml],
  );

  return {
    reset,
    form,
    section: yaml.section,
    selectSection: yaml.selectSection,
    isYaml: yaml.isYaml,
    yaml: yaml.yaml,
    currentValues: yaml.currentValues,
  };
}
