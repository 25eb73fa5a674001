import { useState } from 'react';
import { toYaml, type YamlError } from '../../../../shared/ui/yaml';
import { readYamlText, useYamlSections } from '../../../../shared/ui/yaml/useYamlSections';
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
  const yaml = useYamlSections<NetworkSectionId, NetworkFormValues>({
    section: options.section,
    onSectionChange: options.onSectionChange,
    initialSection: 'main',
    values: () => values,
    apply: setValues,
    toText: (current) => toYaml(networkYamlObject(current, mode)),
    read: (text) => readYamlText(text, (object) => valuesFromYaml(object, values, mode, clustered)),
  });
  const { clearYaml } = yaml;

  return {
    values,
    update: (change) => {
      setValues(change);
    },
    section: yaml.section,
    selectSection: yaml.selectSection,
    yaml: yaml.yaml,
    currentValues: yaml.currentValues,
    peekValues: yaml.peekValues,
    reset: (next) => {
      setValues(next);
      clearYaml();
    },
  };
}
