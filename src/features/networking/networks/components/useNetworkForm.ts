import { useCallback, useEffect, useRef, useState } from 'react';
import { parseYaml, toYaml, type YamlError } from '../../../../shared/ui/yaml';
import type { NetworkSectionId } from '../fields';
import {
  networkYamlObject,
  valuesFromYaml,
  type NetworkFormMode,
  type NetworkFormValues,
} from '../form';

export interface NetworkFormController {
  values: NetworkFormValues;
  update: (change: (values: NetworkFormValues) => NetworkFormValues) => void;
  section: NetworkSectionId;
  /** Moves to a section; leaving YAML mode with invalid YAML stays there and says why. */
  selectSection: (section: NetworkSectionId) => boolean;
  yaml: { text: string; setText: (text: string) => void; error: YamlError | undefined };
  /** The values to save: the form's, or YAML mode's text read back (undefined if invalid). */
  currentValues: () => NetworkFormValues | undefined;
  /** YAML mode's text read back without showing errors (for the change count). */
  peekValues: () => NetworkFormValues | undefined;
  reset: (values: NetworkFormValues) => void;
}

/**
 * The network form's state: its values, the current section (kept by the caller in the URL, or
 * here), and YAML mode for the whole network, whose parse errors carry their line.
 */
export function useNetworkForm(options: {
  initial: NetworkFormValues;
  mode: NetworkFormMode;
  clustered: boolean;
  section?: NetworkSectionId | undefined;
  onSectionChange?: ((section: NetworkSectionId) => void) | undefined;
}): NetworkFormController {
  const { mode, clustered } = options;
  const [values, setValues] = useState(options.initial);
  const [ownSection, setOwnSection] = useState<NetworkSectionId>('main');
  const section = options.section ?? ownSection;
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<YamlError>();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const read = useCallback(
    (text: string): { values: NetworkFormValues } | { error: YamlError } => {
      const parsed = parseYaml(text);
      if (!parsed.ok) return { error: parsed.error };
      try {
        return { values: valuesFromYaml(parsed.value, values, mode, clustered) };
      } catch (error) {
        return { error: { message: error instanceof Error ? error.message : String(error) } };
      }
    },
    [values, mode, clustered],
  );

  const changeSection = useCallback((next: NetworkSectionId) => {
    latest.current.onSectionChange?.(next);
    if (latest.current.section === undefined) setOwnSection(next);
  }, []);

  const leaveYaml = useCallback((): boolean => {
    if (yamlText === null) return true;
    const result = read(yamlText);
    if ('error' in result) {
      setYamlError(result.error);
      return false;
    }
    setValues(result.values);
    setYamlText(null);
    setYamlError(undefined);
    return true;
  }, [yamlText, read]);

  const selectSection = useCallback(
    (next: NetworkSectionId): boolean => {
      if (next === section) return true;
      if (section === 'yaml' && !leaveYaml()) return false;
      if (next === 'yaml') {
        setYamlText(toYaml(networkYamlObject(values, mode)));
        setYamlError(undefined);
      }
      changeSection(next);
      return true;
    },
    [section, leaveYaml, changeSection, values, mode],
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

  const isYaml = section === 'yaml';
  const text = yamlText ?? (isYaml ? toYaml(networkYamlObject(values, mode)) : '');

  return {
    values,
    update: (change) => {
      setValues(change);
    },
    section,
    selectSection,
    yaml: {
      text,
      setText: (next) => {
        setYamlText(next);
        setYamlError(undefined);
      },
      error: yamlError,
    },
    currentValues: () => {
      if (!isYaml || yamlText === null) return values;
      const result = read(yamlText);
      if ('error' in result) {
        setYamlError(result.error);
        return undefined;
      }
      return result.values;
    },
    peekValues: () => {
      if (!isYaml || yamlText === null) return values;
      const result = read(yamlText);
      return 'values' in result ? result.values : undefined;
    },
    reset: (next) => {
      setValues(next);
      setYamlText(null);
      setYamlError(undefined);
    },
  };
}
