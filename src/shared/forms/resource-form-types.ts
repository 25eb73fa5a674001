/** The options and the result of useResourceForm (the form kit's one hook). */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { YamlError } from '../ui/yaml/parse';
import type { Problems } from './problems';
import type { NameLookup } from './useNameCheck';

/** The two views of a form without sections: its fields, or the whole object as YAML. */
export type FormView = 'form' | 'yaml';

export interface NameCheckOptions<V extends FieldValues> {
  /** The name field. */
  field: Path<V>;
  /** Asks the server; with `scope`, in the scope of the values (the third argument). */
  lookup: NameLookup;
  /** The message when the name is taken ("A network with this name already exists"). */
  message: string;
  /** Off in edit forms (the name is changed with Rename). */
  enabled?: boolean;
  /**
   * Where names are unique, when not everywhere (a volume's pool): a name taken in one scope is
   * free in another, and a change of scope asks again (the lookup gets it as its third argument).
   */
  scope?: (values: V) => string;
}

export interface YamlOptions<V> {
  /** The whole object as YAML mode shows it (the PUT or POST body). */
  toObject: (values: V) => unknown;
  /** YAML mode's object back into values; throws an Error with a message for a structure the form cannot take. */
  fromObject: (value: unknown, current: V) => V;
  /** How a problem of the values shows under the editor; "{path}: {message}" by default. */
  problem?: (path: string, message: string) => string;
  /**
   * Whether the text is read back at each change, for the dirty state and `current` (true by
   * default). Off for a `fromObject` that sets state of its own: the text is then read only
   * when leaving YAML mode or sending, and YAML mode counts as changed.
   */
  readWhileTyping?: boolean;
  /**
   * The rules YAML mode's values must pass before they are sent; all of `validate` by default.
   * (Rules of fields the text states another way, a device's name, are left to LXD.)
   */
  validate?: (values: V) => Problems;
}

export interface SectionOptions<S extends string> {
  initial: S;
  /** A section kept outside (the URL); kept in the form when absent. */
  current?: S | undefined;
  onChange?: ((section: S) => void) | undefined;
  /** The section a field path sits in (to show a problem's section on submit). */
  of: (path: string) => S;
}

export interface ResourceFormOptions<V extends FieldValues, S extends string> {
  defaultValues: V;
  /**
   * Every problem of the values by field path, with the spec's exact messages. A form without
   * `validate` and `nameCheck` has no resolver: the rules its fields register apply instead.
   */
  validate?: (values: V) => Problems;
  /**
   * When a field first shows its problem: once changed ('all', the default) or once left
   * ('onTouched': a name checked against the server is not asked at each keystroke). Every
   * field shows its problem once the form was sent either way.
   */
  mode?: 'all' | 'onTouched';
  nameCheck?: NameCheckOptions<V>;
  yaml?: YamlOptions<V>;
  /** Sectioned forms; 'yaml' among the sections is YAML mode. Without: 'form' and 'yaml'. */
  sections?: SectionOptions<S>;
  /** Whether values differ from the defaults (deep comparison unless given). */
  isChanged?: (values: V, defaults: V) => boolean;
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
  /**
   * Sends the values. A returned promise keeps the form busy until it settles; its rejection
   * keeps the form as typed and is shown by <FormFailure>.
   */
  onSubmit: (values: V) => unknown;
  /** Set while the page's own mutation is sending (forms whose onSubmit does not wait). */
  busy?: boolean | undefined;
  /**
   * Outside data the rules read (the names taken in the chosen project): when it changes, the
   * fields that already show their problems are checked again. Give stable values (a query's
   * data), not arrays made at each render.
   */
  dependencies?: readonly unknown[];
}

export interface ResourceFormKit<V extends FieldValues, S extends string> {
  form: UseFormReturn<V>;
  submit: (event?: { preventDefault: () => void }) => Promise<void>;
  busy: boolean;
  /** The last submit's failure (cleared by the next submit). */
  failure: unknown;
  clearFailure: () => void;
  dirty: boolean;
  /** Back to the values the form was opened with. */
  revert: () => void;
  /** Starts over from new values (after a save or a reload): Revert goes back to these. */
  reset: (values: V) => void;
  section: S;
  /** Moves to a section (or view); leaving YAML mode with invalid YAML stays there and says why. */
  selectSection: (section: S) => boolean;
  isYaml: boolean;
  yaml: { text: string; setText: (text: string) => void; error: YamlError | undefined };
  /** Whether a field of the section shows a problem. */
  hasErrors: (section: S) => boolean;
  /** The values now: the form's, or YAML mode's text read back (undefined while invalid). */
  values: () => V | undefined;
  /**
   * The values as they stand, for what the page derives from them (a change count): the
   * form's, or YAML mode's text as last read back (undefined while it does not parse).
   */
  current: V | undefined;
}
