import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { parseYaml, toYaml, type YamlError } from '../../../../shared/ui/yaml';
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

function readYaml(
  text: string,
  fromYamlObject: (value: unknown) => VolumeFormValues,
): { values: VolumeFormValues } | { error: YamlError } {
  const parsed = parseYaml(text);
  if (!parsed.ok) return { error: parsed.error };
  try {
    return { values: fromYamlObject(parsed.value ?? {}) };
  } catch (error) {
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
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
  const [ownSection, setOwnSection] = useState<VolumeSectionId>('main');
  const section = options.section ?? ownSection;
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<YamlError>();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const isYaml = section === 'yaml';
  const text = yamlText ?? (isYaml ? toYaml(options.toYamlObject(form.getValues())) : '');

  const changeSection = useCallback((next: VolumeSectionId) => {
    latest.current.onSectionChange?.(next);
    if (latest.current.section === undefined) setOwnSection(next);
  }, []);

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
    (next: VolumeSectionId): boolean => {
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

  const currentValues = useCallback((): VolumeFormValues | undefined => {
    if (!isYaml || yamlText === null) return form.getValues();
    const result = readYaml(yamlText, latest.current.fromYamlObject);
    if ('error' in result) {
      setYamlError(result.error);
      return undefined;
    }
    return result.values;
  }, [form, isYaml, yamlText]);

  const reset = useCallback(
    (values: VolumeFormValues) => {
      form.reset(values);
      setYamlText(null);
      setYamlError(undefined);
    },
    [form],
  );

  return {
    reset,
    form,
    section,
    selectSection,
    isYaml,
    yaml: { text, setText, error: yamlError },
    currentValues,
  };
}
