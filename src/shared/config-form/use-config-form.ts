import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { parseYaml, toYaml, type YamlError } from '../ui/yaml/parse';
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

function readYaml(
  text: string,
  fromYamlObject: (value: unknown) => ConfigFormValues,
): { values: ConfigFormValues } | { error: YamlError } {
  const parsed = parseYaml(text);
  if (!parsed.ok) return { error: parsed.error };
  try {
    return { values: fromYamlObject(parsed.value ?? {}) };
  } catch (error) {
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
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
  const [ownSection, setOwnSection] = useState<SectionId>(options.initialSection ?? 'main');
  const section = options.section ?? ownSection;
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<YamlError>();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const isYaml = section === 'yaml';
  const text = yamlText ?? (isYaml ? toYaml(options.toYamlObject(form.getValues())) : '');

  const changeSection = useCallback((next: SectionId) => {
    if (latest.current.onSectionChange) latest.current.onSectionChange(next);
    if (latest.current.section === undefined) setOwnSection(next);
  }, []);

  /** Applies YAML mode's text to the form; false (with the error shown) when it is invalid. */
  const leaveYaml = useCallback((): boolean => {
    if (yamlText === null) return true;
    const result = readYaml(yamlText, latest.current.fromYamlObject);
    if ('error' in result) {
      setYamlError(result.error);
      return false;
    }
    form.reset(result.values, { keepDefaultValues: true });
    setYamlText(null);
    setYamlError(undefined);
    return true;
  }, [form, yamlText]);

  const selectSection = useCallback(
    (next: SectionId): boolean => {
      if (next === section) return true;
      if (section === 'yaml' && !leaveYaml()) return false;
      if (next === 'yaml') {
        setYamlText(toYaml(latest.current.toYamlObject(form.getValues())));
        setYamlError(undefined);
      }
      changeSection(next);
      return true;
    },
    [section, leaveYaml, changeSection, form],
  );

  // The section changed from outside (the URL): apply YAML edits when leaving YAML mode.
  const previous = useRef(section);
  useEffect(() => {
    const before = previous.current;
    previous.current = section;
    if (before === 'yaml' && section !== 'yaml' && yamlText !== null && !leaveYaml()) {
      changeSection('yaml');
    }
  }, [section, yamlText, leaveYaml, changeSection]);

  const setText = useCallback((next: string) => {
    setYamlText(next);
    setYamlError(undefined);
  }, []);

  const currentValues = useCallback((): ConfigFormValues | undefined => {
    if (!isYaml || yamlText === null) return form.getValues();
    const result = readYaml(yamlText, latest.current.fromYamlObject);
    if ('error' in result) {
      setYamlError(result.error);
      return undefined;
    }
    return result.values;
  }, [form, isYaml, yamlText]);

  const reset = useCallback(
    (values: ConfigFormValues) => {
      form.reset(values);
      setYamlText(null);
      setYamlError(undefined);
    },
    [form],
  );

  return {
    form,
    section,
    selectSection,
    isYaml,
    yaml: { text, setText, error: yamlError },
    currentValues,
    reset,
  };
}
