/**
 * YAML mode of a sectioned form (instances and profiles, networks, volumes): one of the sections
 * is 'yaml', showing the whole object as YAML. Entering it writes the form's values as YAML;
 * leaving it (or saving from it) reads the text back, and an invalid text keeps YAML mode with
 * the error and its line. The section may be kept outside (the URL): a change from there that
 * leaves YAML mode applies the text too, or comes back to YAML mode when it is invalid.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseYaml, type YamlError } from '../ui/yaml/parse';

export type YamlRead<V> = { values: V } | { error: YamlError };

/**
 * Reads YAML text into values with `fromObject`, which throws an Error with a message for a
 * structure the form cannot take.
 */
export function readYamlText<V>(text: string, fromObject: (value: unknown) => V): YamlRead<V> {
  const parsed = parseYaml(text);
  if (!parsed.ok) return { error: parsed.error };
  try {
    return { values: fromObject(parsed.value ?? {}) };
  } catch (error) {
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

export interface YamlSectionsOptions<S extends string, V> {
  /** A section kept outside (for example in the URL); kept here when absent. */
  section?: S | undefined;
  onSectionChange?: ((section: S) => void) | undefined;
  initialSection: S;
  /** The form's values now. */
  values: () => V;
  /** Puts values read from YAML into the form. */
  apply: (values: V) => void;
  /** The YAML text of values. */
  toText: (values: V) => string;
  read: (text: string) => YamlRead<V>;
}

export interface YamlSections<S extends string, V> {
  section: S;
  /** Moves to a section; leaving YAML mode with invalid YAML stays there and says why. */
  selectSection: (section: S) => boolean;
  isYaml: boolean;
  yaml: { text: string; setText: (text: string) => void; error: YamlError | undefined };
  /** The values to save: the form's, or YAML mode's text read back (undefined if invalid). */
  currentValues: () => V | undefined;
  /** Like currentValues without showing an error (for change counts while typing). */
  peekValues: () => V | undefined;
  /** Forgets YAML mode's text (after the form was reset). */
  clearYaml: () => void;
  /** Shows a problem of the text's values (a rule they break) under the editor. */
  showError: (error: YamlError) => void;
}

export function useYamlSections<S extends string, V>(
  options: YamlSectionsOptions<S, V>,
): YamlSections<S, V> {
  const [ownSection, setOwnSection] = useState<S>(options.initialSection);
  const section = options.section ?? ownSection;
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<YamlError>();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const isYaml = section === 'yaml';
  const text = yamlText ?? (isYaml ? options.toText(options.values()) : '');

  const changeSection = useCallback((next: S) => {
    latest.current.onSectionChange?.(next);
    if (latest.current.section === undefined) setOwnSection(next);
  }, []);

  /** Applies YAML mode's text to the form; false (with the error shown) when it is invalid. */
  const leaveYaml = useCallback((): boolean => {
    if (yamlText === null) return true;
    const result = latest.current.read(yamlText);
    if ('error' in result) {
      setYamlError(result.error);
      return false;
    }
    latest.current.apply(result.values);
    setYamlText(null);
    setYamlError(undefined);
    return true;
  }, [yamlText]);

  const selectSection = useCallback(
    (next: S): boolean => {
      if (next === section) return true;
      if (section === 'yaml' && !leaveYaml()) return false;
      if (next === 'yaml') {
        setYamlText(latest.current.toText(latest.current.values()));
        setYamlError(undefined);
      }
      changeSection(next);
      return true;
    },
    [section, leaveYaml, changeSection],
  );

  // The section changed from outside (the URL): apply YAML edits when leaving YAML mode.
  const previous = useRef(section);
  useEffect(() => {
    const before = previous.current;
    previous.current = section;
    if (before === 'yaml' && section !== 'yaml' && yamlText !== null && !leaveYaml()) {
      changeSection('yaml' as S);
    }
  }, [section, yamlText, leaveYaml, changeSection]);

  const setText = useCallback((next: string) => {
    setYamlText(next);
    setYamlError(undefined);
  }, []);

  const currentValues = useCallback((): V | undefined => {
    if (!isYaml || yamlText === null) return latest.current.values();
    const result = latest.current.read(yamlText);
    if ('error' in result) {
      setYamlError(result.error);
      return undefined;
    }
    return result.values;
  }, [isYaml, yamlText]);

  const peekValues = useCallback((): V | undefined => {
    if (!isYaml || yamlText === null) return latest.current.values();
    const result = latest.current.read(yamlText);
    return 'values' in result ? result.values : undefined;
  }, [isYaml, yamlText]);

  const clearYaml = useCallback(() => {
    setYamlText(null);
    setYamlError(undefined);
  }, []);

  return {
    section,
    selectSection,
    isYaml,
    yaml: { text, setText, error: yamlError },
    currentValues,
    peekValues,
    clearYaml,
    showError: setYamlError,
  };
}
