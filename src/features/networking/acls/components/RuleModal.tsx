import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import { FormModal } from '../../../../shared/ui/FormModal';
import { TextField } from '../../../../shared/ui/TextField';
import {
  ACL_ACTIONS,
  ACL_PROTOCOLS,
  ACL_RULE_STATES,
  hasErrors,
  ruleErrors,
  takesIcmp,
  takesPorts,
  type AclDirection,
  type AclRuleField,
  type AclRuleValues,
} from '../rules';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const PORT_HELP = 'Up to 10 ports or ranges, comma-separated (80,443,8000-8080). Empty: any.';
const SUBJECT_HELP = 'Addresses, subnets, ranges or ACL names, comma-separated. Empty: any.';

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
  const id = useId();
  const formId = `${id}-form`;
  // The dialog keeps focus while the page behind it re-renders: Modal re-runs its focus effect
  // whenever onClose changes, so it gets a callback that never does.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const close = useCallback(() => {
    onCloseRef.current();
  }, []);
  const [rule, setRule] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<AclRuleField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = ruleErrors(rule);
  const shown = (field: AclRuleField) =>
    submitted || touched.has(field) ? errors[field] : undefined;
  const title =
    position === undefined ? `Add ${direction} rule` : `Edit ${direction} rule ${String(position)}`;

  const set = (field: AclRuleField, value: string) => {
    setRule((current) => ({ ...current, [field]: value }));
  };
  const touch = (field: AclRuleField) => {
    setTouched((current) => new Set(current).add(field));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) return;
    onSave(rule);
    close();
  };

  const select = (
    field: AclRuleField,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <div className="p-form__group">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select
        id={`${id}-${field}`}
        value={rule[field]}
        onChange={(event) => {
          set(field, event.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  const text = (field: AclRuleField, label: string, help?: ReactNode) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      value={rule[field]}
      onChange={(value) => {
        set(field, value);
      }}
      onBlur={() => {
        touch(field);
      }}
      error={shown(field)}
      help={help}
    />
  );

  return (
    <FormModal
      title={title}
      formId={formId}
      busy={false}
      submitLabel={position === undefined ? 'Add rule' : 'Update rule'}
      onClose={close}
    >
      <form id={formId} className="acl-rule-form" onSubmit={submit} noValidate aria-label={title}>
        <div className="acl-rule-form__row">
          {select(
            'action',
            'Action',
            ACL_ACTIONS.map((value) => ({ value, label: capitalise(value) })),
          )}
          {select(
            'state',
            'State',
            ACL_RULE_STATES.map((value) => ({ value, label: capitalise(value) })),
          )}
          {select('protocol', 'Protocol', ACL_PROTOCOLS)}
        </div>
        <div className="acl-rule-form__row">
          {text('source', 'Source', SUBJECT_HELP)}
          {text('destination', 'Destination', SUBJECT_HELP)}
        </div>
        {takesPorts(rule.protocol) && (
          <div className="acl-rule-form__row">
            {text('source_port', 'Source ports', PORT_HELP)}
            {text('destination_port', 'Destination ports', PORT_HELP)}
          </div>
        )}
        {takesIcmp(rule.protocol) && (
          <div className="acl-rule-form__row">
            {text('icmp_type', 'ICMP type', 'A number from 0 to 255. Empty: any.')}
            {text('icmp_code', 'ICMP code', 'A number from 0 to 255. Empty: any.')}
          </div>
        )}
        {text('description', 'Description')}
      </form>
    </FormModal>
  );
}
