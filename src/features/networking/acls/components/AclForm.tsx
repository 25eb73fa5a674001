import { useCallback, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { networkAclNameExists } from '../../../../lxd/endpoints/network-acls';
import {
  FormActions,
  FormFailure,
  FormModeSwitch,
  ResourceForm,
  TextareaInput,
  TextInput,
  useResourceForm,
  YamlBody,
  type ResourceFormKit,
} from '../../../../shared/forms';
import {
  aclFromYamlObject,
  aclProblems,
  aclYamlObject,
  aclYamlProblem,
  moveRule,
  newRuleValues,
  type AclFormMode,
  type AclFormValues,
} from '../form';
import { ACL_MESSAGES, type AclDirection, type AclRuleValues } from '../rules';
import { RuleModal } from './RuleModal';
import { RuleTable } from './RuleTable';

export interface AclFormProps {
  mode: AclFormMode;
  project: string;
  initial: AclFormValues;
  /** Sends the values; a returned promise keeps the form busy, its rejection is shown. */
  onSubmit: (values: AclFormValues) => unknown;
  busy?: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

const DIRECTIONS: readonly { direction: AclDirection; title: string; help: string }[] = [
  {
    direction: 'ingress',
    title: 'Ingress rules',
    help: 'Traffic coming into the instances and networks that use this ACL.',
  },
  {
    direction: 'egress',
    title: 'Egress rules',
    help: 'Traffic leaving the instances and networks that use this ACL.',
  },
];

type RuleDialog = { direction: AclDirection; index: number | undefined } | undefined;

/** The rules of one direction: the table with its row buttons, and Add. */
function Rules({
  kit,
  direction,
  title,
  help,
  readOnly,
  onOpen,
}: (typeof DIRECTIONS)[number] & {
  kit: ResourceFormKit<AclFormValues, 'form' | 'yaml'>;
  readOnly: boolean;
  onOpen: (index: number | undefined) => void;
}) {
  const rules = useWatch({ control: kit.form.control, name: direction });
  const set = (next: AclRuleValues[]) => {
    kit.form.setValue(direction, next, { shouldDirty: true });
  };
  const heading = `acl-${direction}-heading`;
  return (
    <section className="acl-form__rules" aria-labelledby={heading}>
      <div className="acl-form__rules-header">
        <div>
          <h2 className="p-heading--5" id={heading}>
            {title}
          </h2>
          <p className="p-form-help-text">{help}</p>
        </div>
        {!readOnly && (
          <button type="button" className="p-button" onClick={() => onOpen(undefined)}>
            Add {direction} rule
          </button>
        )}
      </div>
      <RuleTable
        direction={direction}
        rules={rules}
        {...(readOnly
          ? {}
          : {
              onEdit: onOpen,
              onMove: (index: number, delta: -1 | 1) => set(moveRule(rules, index, delta)),
              onRemove: (index: number) => set(rules.filter((_, i) => i !== index)),
            })}
      />
    </section>
  );
}

/** Name, description and the ingress and egress rules of a network ACL; or all of it as YAML. */
export function AclForm(props: AclFormProps) {
  const { mode, project } = props;
  const [dialog, setDialog] = useState<RuleDialog>();
  const readOnly = props.readOnlyReason !== undefined;
  const lookup = useCallback(
    (name: string, signal: AbortSignal) => networkAclNameExists(project, name, signal),
    [project],
  );
  const kit = useResourceForm<AclFormValues>({
    defaultValues: props.initial,
    validate: (values) => aclProblems(values, mode),
    nameCheck: {
      field: 'name',
      lookup,
      message: ACL_MESSAGES.nameExists,
      enabled: mode === 'create',
    },
    yaml: {
      toObject: (values) => aclYamlObject(values, mode),
      fromObject: (value, current) => aclFromYamlObject(value, current, mode),
      problem: aclYamlProblem,
    },
    onDirtyChange: props.onDirtyChange,
    onSubmit: props.onSubmit,
    busy: props.busy,
  });
  const dialogRules = dialog ? kit.form.getValues(dialog.direction) : [];

  return (
    <>
      <ResourceForm kit={kit} className="acl-form">
        {props.readOnlyReason && (
          <p className="page-note" role="note">
            {props.readOnlyReason}
          </p>
        )}
        <FormModeSwitch kit={kit} />
        {kit.isYaml ? (
          <YamlBody
            yaml={kit.yaml}
            label="Network ACL YAML"
            readOnly={readOnly}
            help={
              mode === 'create'
                ? 'The whole network ACL as YAML: name, description, ingress and egress rules, config.'
                : 'The whole network ACL as YAML: description, ingress and egress rules, config. Use Rename to change its name.'
            }
          />
        ) : (
          <>
            {/* Disabled as a whole when the identity may not change the ACL. */}
            <fieldset className="acl-form__main" disabled={readOnly}>
              {mode === 'create' && (
                <TextInput
                  name="name"
                  label="Name"
                  required
                  help="Up to 63 letters, digits and hyphens, starting with a letter."
                />
              )}
              <TextareaInput name="description" label="Description" rows={2} />
            </fieldset>
            {DIRECTIONS.map((item) => (
              <Rules
                key={item.direction}
                {...item}
                kit={kit}
                readOnly={readOnly}
                onOpen={(index) => {
                  setDialog({ direction: item.direction, index });
                }}
              />
            ))}
          </>
        )}
        {props.notice}
        {mode === 'create' && (
          <FormFailure failure={kit.failure} what="network ACL" action="create" />
        )}
        <FormActions
          kit={kit}
          mode={mode}
          submitLabel={mode === 'create' ? 'Create network ACL' : 'Save changes'}
          reason={props.readOnlyReason}
          onCancel={props.onCancel}
        />
      </ResourceForm>
      {dialog && (
        <RuleModal
          direction={dialog.direction}
          position={dialog.index === undefined ? undefined : dialog.index + 1}
          initial={
            dialog.index === undefined
              ? newRuleValues()
              : (dialogRules[dialog.index] ?? newRuleValues())
          }
          onClose={() => {
            setDialog(undefined);
          }}
          onSave={(rule) => {
            const rules = kit.form.getValues(dialog.direction);
            kit.form.setValue(
              dialog.direction,
              dialog.index === undefined
                ? [...rules, rule]
                : rules.map((current, i) => (i === dialog.index ? rule : current)),
              { shouldDirty: true },
            );
          }}
        />
      )}
    </>
  );
}
