import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { parseYaml, toYaml, YamlEditor, type YamlError } from '../../../../shared/ui/yaml';
import {
  aclChanged,
  aclFromYamlObject,
  aclYamlObject,
  moveRule,
  newRuleValues,
  type AclFormMode,
  type AclFormValues,
} from '../form';
import {
  ACL_MESSAGES,
  ruleErrors,
  validateAclName,
  type AclDirection,
  type AclRuleValues,
} from '../rules';
import { useAclNameCheck } from '../useAclNameCheck';
import { RuleModal } from './RuleModal';
import { RuleTable } from './RuleTable';
import { FormSubmitButton } from '../../../../shared/ui/Gated';
import '../../../../shared/ui/form-actions.scss';

export interface AclFormProps {
  mode: AclFormMode;
  project: string;
  initial: AclFormValues;
  /** The ACL as read (edit mode): the save button counts against it. */
  base?: LxdNetworkAcl | undefined;
  /** Checks the name with the server before creating; true when it is taken. */
  isNameTaken?: (name: string) => Promise<boolean>;
  onSubmit: (values: AclFormValues) => void;
  busy: boolean;
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

/** The first problem of the rules (YAML mode can bring any), as "Ingress rule 2: …". */
function rulesProblem(values: AclFormValues): string | undefined {
  for (const { direction } of DIRECTIONS) {
    for (const [index, rule] of values[direction].entries()) {
      const problem = Object.values(ruleErrors(rule))[0];
      if (problem) return `${direction} rule ${String(index + 1)}: ${problem}`;
    }
  }
  return undefined;
}

type RuleDialog = { direction: AclDirection; index: number | undefined } | undefined;

/** Name, description and the ingress and egress rules of a network ACL; or all of it as YAML. */
export function AclForm(props: AclFormProps) {
  const { mode, project, initial, base, onDirtyChange } = props;
  const id = useId();
  const [values, setValues] = useState(initial);
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<YamlError>();
  const [nameTouched, setNameTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [takenName, setTakenName] = useState<string>();
  const [dialog, setDialog] = useState<RuleDialog>();
  const readOnly = props.readOnlyReason !== undefined;
  const isYaml = yamlText !== null;

  const trimmedName = values.name.trim();
  const checkName = mode === 'create' && validateAclName(trimmedName) === undefined;
  const taken = useAclNameCheck(project, trimmedName, checkName);
  const nameProblem =
    mode === 'create'
      ? (validateAclName(trimmedName) ??
        (taken === true || takenName === trimmedName ? ACL_MESSAGES.nameExists : undefined))
      : undefined;
  const shownNameProblem = nameTouched || submitted ? nameProblem : undefined;

  /** The values YAML mode's text stands for, or the error that stops reading it. */
  const readYaml = (text: string): { values: AclFormValues } | { error: YamlError } => {
    const parsed = parseYaml(text);
    if (!parsed.ok) return { error: parsed.error };
    try {
      return { values: aclFromYamlObject(parsed.value, values, mode) };
    } catch (error) {
      return { error: { message: error instanceof Error ? error.message : String(error) } };
    }
  };

  const shown = (() => {
    if (yamlText === null) return values;
    const read = readYaml(yamlText);
    return 'values' in read ? read.values : undefined;
  })();
  const dirty = mode === 'edit' && base !== undefined && (!shown || aclChanged(base, shown));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const toYamlMode = () => {
    setYamlText(toYaml(aclYamlObject(values, mode)));
    setYamlError(undefined);
  };
  const toFormMode = () => {
    if (yamlText === null) return;
    const read = readYaml(yamlText);
    if ('error' in read) {
      setYamlError(read.error);
      return;
    }
    setValues(read.values);
    setYamlText(null);
    setYamlError(undefined);
  };

  const setRules = (direction: AclDirection, rules: AclRuleValues[]) => {
    setValues((current) => ({ ...current, [direction]: rules }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    let next = values;
    if (yamlText !== null) {
      const read = readYaml(yamlText);
      if ('error' in read) {
        setYamlError(read.error);
        return;
      }
      next = read.values;
    }
    const problem = rulesProblem(next);
    if (problem) {
      if (yamlText !== null) setYamlError({ message: problem });
      return;
    }
    if (mode === 'create') {
      const name = next.name.trim();
      if (validateAclName(name)) {
        if (yamlText !== null) setYamlError({ message: validateAclName(name) ?? '' });
        return;
      }
      if (props.isNameTaken && (await props.isNameTaken(name).catch(() => false))) {
        setTakenName(name);
        if (yamlText !== null) setYamlError({ message: ACL_MESSAGES.nameExists });
        return;
      }
    }
    props.onSubmit(next);
  };

  const revert = () => {
    setValues(initial);
    setYamlText(null);
    setYamlError(undefined);
  };

  const submitLabel = mode === 'create' ? 'Create network ACL' : 'Save changes';
  const dialogRules = dialog ? values[dialog.direction] : [];

  return (
    <>
      <form className="acl-form" onSubmit={(event) => void submit(event)} noValidate>
        {props.readOnlyReason && (
          <p className="acl-locked" role="note">
            {props.readOnlyReason}
          </p>
        )}
        <div className="acl-form__mode" role="group" aria-label="Editing mode">
          <button
            type="button"
            className={isYaml ? 'p-button' : 'p-button--positive'}
            aria-pressed={!isYaml}
            onClick={toFormMode}
          >
            Form
          </button>
          <button
            type="button"
            className={isYaml ? 'p-button--positive' : 'p-button'}
            aria-pressed={isYaml}
            onClick={() => {
              if (!isYaml) toYamlMode();
            }}
          >
            YAML
          </button>
        </div>
        {isYaml ? (
          <div className="acl-form__yaml">
            <p className="p-form-help-text">
              {mode === 'create'
                ? 'The whole network ACL as YAML: name, description, ingress and egress rules, config.'
                : 'The whole network ACL as YAML: description, ingress and egress rules, config. Use Rename to change its name.'}
            </p>
            <YamlEditor
              value={yamlText}
              onChange={(text) => {
                setYamlText(text);
                setYamlError(undefined);
              }}
              label="Network ACL YAML"
              readOnly={readOnly}
            />
            {yamlError && (
              <p className="p-form-validation__message acl-form__yaml-error" role="alert">
                {yamlError.message}
              </p>
            )}
          </div>
        ) : (
          <>
            <div className="acl-form__main">
              {mode === 'create' && (
                <div
                  className={`p-form__group p-form-validation${shownNameProblem ? ' is-error' : ''}`}
                >
                  <label htmlFor={`${id}-name`} className="is-required">
                    Name
                  </label>
                  <input
                    id={`${id}-name`}
                    type="text"
                    className="p-form-validation__input"
                    autoComplete="off"
                    spellCheck={false}
                    value={values.name}
                    disabled={readOnly}
                    aria-invalid={shownNameProblem ? true : undefined}
                    aria-describedby={shownNameProblem ? `${id}-name-error` : `${id}-name-help`}
                    onChange={(event) => {
                      const name = event.target.value;
                      setValues((current) => ({ ...current, name }));
                    }}
                    onBlur={() => {
                      setNameTouched(true);
                    }}
                  />
                  {shownNameProblem ? (
                    <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
                      {shownNameProblem}
                    </p>
                  ) : (
                    <p className="p-form-help-text" id={`${id}-name-help`}>
                      Up to 63 letters, digits and hyphens, starting with a letter.
                    </p>
                  )}
                </div>
              )}
              <div className="p-form__group">
                <label htmlFor={`${id}-description`}>Description</label>
                <textarea
                  id={`${id}-description`}
                  rows={2}
                  value={values.description}
                  disabled={readOnly}
                  onChange={(event) => {
                    const description = event.target.value;
                    setValues((current) => ({ ...current, description }));
                  }}
                />
              </div>
            </div>
            {DIRECTIONS.map(({ direction, title, help }) => (
              <section
                key={direction}
                className="acl-form__rules"
                aria-labelledby={`${id}-${direction}`}
              >
                <div className="acl-form__rules-header">
                  <div>
                    <h2 className="p-heading--5" id={`${id}-${direction}`}>
                      {title}
                    </h2>
                    <p className="p-form-help-text">{help}</p>
                  </div>
                  {!readOnly && (
                    <button
                      type="button"
                      className="p-button"
                      onClick={() => {
                        setDialog({ direction, index: undefined });
                      }}
                    >
                      Add {direction} rule
                    </button>
                  )}
                </div>
                <RuleTable
                  direction={direction}
                  rules={values[direction]}
                  {...(readOnly
                    ? {}
                    : {
                        onEdit: (index: number) => {
                          setDialog({ direction, index });
                        },
                        onMove: (index: number, delta: -1 | 1) => {
                          setRules(direction, moveRule(values[direction], index, delta));
                        },
                        onRemove: (index: number) => {
                          setRules(
                            direction,
                            values[direction].filter((_, i) => i !== index),
                          );
                        },
                      })}
                />
              </section>
            ))}
          </>
        )}
        {props.notice}
        <div className="form-actions">
          {props.onCancel && (
            <button type="button" className="p-button--base" onClick={props.onCancel}>
              Cancel
            </button>
          )}
          {dirty && (
            <button type="button" className="p-button" disabled={props.busy} onClick={revert}>
              Revert changes
            </button>
          )}
          <FormSubmitButton
            mode={mode}
            busy={props.busy}
            dirty={dirty}
            reason={props.readOnlyReason}
          >
            {submitLabel}
          </FormSubmitButton>
        </div>
      </form>
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
            const rules = values[dialog.direction];
            setRules(
              dialog.direction,
              dialog.index === undefined
                ? [...rules, rule]
                : rules.map((current, i) => (i === dialog.index ? rule : current)),
            );
          }}
        />
      )}
    </>
  );
}
