/**
 * The form kit: every form of the console is react-hook-form through useResourceForm, drawn with
 * the bound fields and parts below. See docs/ARCHITECTURE.md, "Forms".
 */
export {
  useResourceForm,
  errorPaths,
  type FormView,
  type NameCheckOptions,
  type ResourceFormKit,
  type ResourceFormOptions,
  type SectionOptions,
  type YamlOptions,
} from './useResourceForm';
export { firstProblem, sameValues, type Problems } from './problems';
export { NAME_CHECK_DELAY_MS, isNameTaken, useNameCheck, type NameLookup } from './useNameCheck';
export { FieldMessage, FieldShell, controlProps, fieldDescribedBy } from './FieldShell';
export {
  CheckboxInput,
  FileInput,
  KeyValueInput,
  NumberInput,
  SelectInput,
  TextareaInput,
  TextInput,
  type BoundFieldProps,
  type Choice,
} from './fields';
export { CheckboxListInput, RadioInput, type CheckboxOption } from './choice-fields';
export {
  FormActions,
  FormFailure,
  FormModeSwitch,
  ResourceForm,
  ResourceFormModal,
  YamlBody,
} from './ResourceForm';
export {
  BOOL_CHOICES,
  applicableKeys,
  configKey,
  configKeyDefault,
  configKeyId,
  configKeyProblem,
  configKeyProblems,
  unsetLabel,
  type ConfigKeyField,
  type ConfigKeyKind,
} from './config-keys';
export {
  ConfigKeyControl,
  ConfigKeyInput,
  ConfigKeyName,
  configKeyFieldProps,
  type ConfigKeyRenderProps,
  type ConfigKeyRenderers,
} from './ConfigKeyInput';
export { useVersionedEdit } from './useVersionedEdit';
export { NameDialog } from './NameDialog';
export { RenameButton } from './RenameButton';
