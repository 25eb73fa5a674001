/**
 * The sectioned configuration form of instances and profiles on the form kit (useResourceForm):
 * its sections (the URL's or its own), YAML mode for the whole object, the values to save.
 */
import type { Problems } from '../forms/problems';
import { useResourceForm, type ResourceFormKit } from '../forms/useResourceForm';
import type { YamlError } from '../ui/yaml/parse';
import { fieldById, type SectionId } from './fields';
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
  /**
   * The form's rules by field path (the kit's resolver: problems show once changed, all of
   * them once sent). Without it, the rules the fields register apply, once a field was left.
   */
  validate?: ((values: ConfigFormValues) => Problems) | undefined;
  /**
   * Whether YAML mode's text is read back at each change (`current`, the dirty state); off by
   * default: `fromYamlObject` may set the page's own state (the create page's image and type).
   */
  readYamlWhileTyping?: boolean;
  /** The rules YAML mode's values must pass (all of `validate` by default). */
  yamlValidate?: ((values: ConfigFormValues) => Problems) | undefined;
  /** Sends the values (`submit`); a rejection stays with the form (`failure`). */
  onSubmit?: ((values: ConfigFormValues) => unknown) | undefined;
  /** Whether values differ from the defaults (deep comparison unless given). */
  isChanged?: ((values: ConfigFormValues, defaults: ConfigFormValues) => boolean) | undefined;
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
  /** Set while the page's own mutation is sending. */
  busy?: boolean | undefined;
}

export interface ConfigFormYaml {
  /** The YAML text shown in YAML mode. */
  text: string;
  setText: (text: string) => void;
  /** A parse (or structure) error of the last attempt to use the text, with its line. */
  error: YamlError | undefined;
}

/** The form kit of a configuration form, with the names the instance pages use. */
export interface ConfigFormController extends ResourceFormKit<ConfigFormValues, SectionId> {
  /** The values to save: the form's, or YAML mode's text read back (undefined if invalid). */
  currentValues: () => ConfigFormValues | undefined;
}

/** The section a field path sits in ("config.limitsCpu" → limits, "devices.0.name" → devices). */
export function configSectionOf(path: string): SectionId {
  const [head, id] = path.split('.');
  if (head === 'devices') return 'devices';
  if (head === 'userProperties') return 'user-properties';
  if (head === 'sshKeys') return 'cloud-init';
  if (head === 'config' && id !== undefined) {
    try {
      return fieldById(id).section as SectionId;
    } catch {
      return 'main';
    }
  }
  return 'main';
}

const NOTHING_SENT = () => undefined;

/**
 * The state of a sectioned configuration form: the form kit with the configuration sections,
 * 'main' first, and YAML mode for the whole object.
 */
export function useConfigForm(options: UseConfigFormOptions): ConfigFormController {
  const kit = useResourceForm<ConfigFormValues, SectionId>({
    defaultValues: options.defaultValues,
    validate: options.validate,
    mode: options.validate ? 'all' : 'onTouched',
    yaml: {
      toObject: options.toYamlObject,
      fromObject: (value) => options.fromYamlObject(value),
      readWhileTyping: options.readYamlWhileTyping ?? false,
      ...(options.yamlValidate ? { validate: options.yamlValidate } : {}),
    },
    sections: {
      initial: options.initialSection ?? 'main',
      current: options.section,
      onChange: options.onSectionChange,
      of: configSectionOf,
    },
    ...(options.isChanged ? { isChanged: options.isChanged } : {}),
    onDirtyChange: options.onDirtyChange,
    onSubmit: options.onSubmit ?? NOTHING_SENT,
    busy: options.busy,
  });
  return { ...kit, currentValues: kit.values };
}
