import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { ResourceForm, SelectInput, TextInput, useResourceForm } from '../../../../shared/forms';
import { FormModal } from '../../../../shared/ui/FormModal';
import {
  ACL_ACTIONS,
  ACL_PROTOCOLS,
  ACL_RULE_STATES,
  ruleErrors,
  takesIcmp,
  takesPorts,
  type AclDirection,
  type AclRuleField,
  type AclRuleValues,
} from '../rules';

const capitalised = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

const PORT_HELP = 'Up to 10 ports or ranges, comma-separated (80,443,8000-8080). Empty: any.';
const SUBJECT_HELP = 'Addresses, subnets, ranges or ACL names, comma-separated. Empty: any.';
const ICMP_HELP = 'A number from 0 to 255. Empty: any.';

const text = (name: AclRuleField, label: string, help?: ReactNode) => (
  <TextInput name={name} label={label} help={help} />
);

/** Adds or edits one rule of an ACL; the messages show next to their fields. */
export function RuleModal({
  direction,
  position,
  initial,
  onSave,
  onClose,
}: {
  direction: AclDirection;
  /** 1-based position of the rule being edited; undefined for a new rule. */
  position: number | undefined;
  initial: AclRuleValues;
  onSave: (rule: AclRuleValues) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const kit = useResourceForm<AclRuleValues>({
    defaultValues: initial,
    validate: ruleErrors,
    onSubmit: (rule) => {
      onSave(rule);
      onClose();
    },
  });
  const protocol = useWatch({ control: kit.form.control, name: 'protocol' });
  const title =
    position === undefined ? `Add ${direction} rule` : `Edit ${direction} rule ${String(position)}`;

  return (
    <FormModal
      title={title}
      formId={formId}
      busy={false}
      submitLabel={position === undefined ? 'Add rule' : 'Update rule'}
      onClose={onClose}
    >
      <ResourceForm kit={kit} id={formId} className="acl-rule-form" label={title}>
        <div className="acl-rule-form__row">
          <SelectInput name="action" label="Action" options={capitalised(ACL_ACTIONS)} />
          <SelectInput name="state" label="State" options={capitalised(ACL_RULE_STATES)} />
          <SelectInput name="protocol" label="Protocol" options={ACL_PROTOCOLS} />
        </div>
        <div className="acl-rule-form__row">
          {text('source', 'Source', SUBJECT_HELP)}
          {text('destination', 'Destination', SUBJECT_HELP)}
        </div>
        {takesPorts(protocol) && (
          <div className="acl-rule-form__row">
            {text('source_port', 'Source ports', PORT_HELP)}
            {text('destination_port', 'Destination ports', PORT_HELP)}
          </div>
        )}
        {takesIcmp(protocol) && (
          <div className="acl-rule-form__row">
            {text('icmp_type', 'ICMP type', ICMP_HELP)}
            {text('icmp_code', 'ICMP code', ICMP_HELP)}
          </div>
        )}
        {text('description', 'Description')}
      </ResourceForm>
    </FormModal>
  );
}
