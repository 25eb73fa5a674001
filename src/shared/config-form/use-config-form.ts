import { useCallback } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toYaml, type YamlError } from '../ui/yaml/parse';
import { readYamlText, useYamlSections } from '../ui/yaml/useYamlSections';
import type { SectionId } from './fields';
import type { ConfigFormValues } from './mapping';

export interface UseConfigFormOptions {
  defaultValues: ConfigFormValues;
  /** The whole object as YAML mode shows it (for example the instance's PUT or POST body). */
  toYamlObject: (values: ConfigFormValues) => unknown;
  /**
   * Reads YAML mode's object back into form values; throw an Error with a message for a
   * structure the form cannot take.
   */
  fromYamlObject: (value: unknown) => ConfigFormValues;
  /** A section kept outside (for example in the URL); uncontrolled when absent. */
  section?: SectionId | undefined;
  onSectionChange?: ((section: SectionId) => void) | undefined;
  initialSection?: SectionId;
}

export interface ConfigFormYaml {
  /** The YAML text shown in YAML mode. */
  text: string;
  setText: (text: string) => void;
  /** A parse (or structure) error of the last attempt to use the text, with its line. */
  error: YamlError | undefined;
}

export interface ConfigFormController {
  form: UseFormReturn<ConfigFormValues>;
  section: SectionId;
  /** Moves to a section; leaving YAML mode with invalid YAML stays there and shows why. */
  selectSection: (section: SectionId) => boolean;
  isYaml: boolean;
  yaml: ConfigFormYaml;
  /** The values to save: the form's, or YAML mode's text read back (undefined if invalid). */
  currentValues: () => ConfigFormValues | undefined;
  /** Starts over from new values (after a save or a reload), leaving YAML mode's text. */
  reset: (values: ConfigFormValues) => void;
}

/**
 * The state of a sectioned configuration form: react-hook-form for the fields (validated once
 * touched), the current section, and YAML mode for the whole object.
 */
export function useConfigForm(options: UseConfigFormOptions): ConfigFormController {
  const form = useForm<ConfigFormValues>({
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const yaml = useYamlSections<SectionId, ConfigFormValues>({
    section: options.section,
    onSectionChange: options.onSectionChange,
    initialSection: options.initialSection ?? 'main',
    values: () => form.getValues(),
    apply: (values) => form.reset(values, { keepDefaultValues: true }),
    toText: (values) => toYaml(options.toYamlObject(values)),
    read: (text) => readYamlText(text, options.fromYamlObject),
  });
  const { clearYaml } = yaml;

  const reset = useCallback(
    (values: ConfigFormValues) => {
      form.reset(values);
      clearYaml();
    },
    [form, clearYaml],
  );

  return {
    form,
    section: yaml.section,
    selectSection: yaml.selectSection,
    isYaml: yaml.isYaml,
    yaml: yaml.yaml,
    currentValues: yaml.currentValues,
    reset,
  };
}
