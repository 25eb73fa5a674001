import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import type { NetworkType } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { SectionsFrame, YamlSection } from '../../../../shared/config-form';
import {
  fieldShown,
  fieldsFor,
  networkKeysFor,
  sectionsFor,
  type NetworkField,
  type NetworkSectionId,
} from '../fields';
import {
  changeType,
  firstErrorSection,
  isUnchanged,
  memberErrorKey,
  validateNetworkValues,
  type NetworkFormMode,
  type NetworkFormValues,
} from '../form';
import { isNetworkMemberKey } from '../../../../lxd/endpoints/networks';
import { aclNamesQuery, networksQuery } from '../queries';
import { isListedNetwork, NETWORK_MESSAGES, ovnAvailable, validateNetworkName } from '../rules';
import { FieldRow, type FieldChoices } from './NetworkFields';
import { NetworkMainSection } from './NetworkMainSection';
import { useNetworkForm } from './useNetworkForm';
import { useNetworkNameCheck } from './useNetworkNameCheck';
import { FormSubmitButton } from '../../../../shared/ui/Gated';
import '../../../../shared/ui/form-actions.scss';

export interface NetworkFormProps {
  mode: NetworkFormMode;
  project: string;
  initial: NetworkFormValues;
  /** The network as read (edit mode): changes are counted against it. */
  base?: NetworkFormValues | undefined;
  /** The types offered when creating. */
  types: readonly NetworkType[];
  /** Cluster members (member-specific keys are entered per member); empty when standalone. */
  members: readonly string[];
  section?: NetworkSectionId | undefined;
  onSectionChange?: ((section: NetworkSectionId) => void) | undefined;
  onSubmit: (values: NetworkFormValues) => void;
  busy: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The network form: sections per type on the left, the section on the right, YAML mode. */
export function NetworkForm(props: NetworkFormProps) {
  const { mode, project, members, onDirtyChange } = props;
  const auth = useAuth();
  const networks = useQuery(networksQuery(project, auth.isFineGrained));
  const acls = useQuery(aclNamesQuery(project));
  const controller = useNetworkForm({
    initial: props.initial,
    mode,
    clustered: members.length > 0,
    section: props.section,
    onSectionChange: props.onSectionChange,
  });
  const { values, update, section } = controller;
  // OVN uplinks are networks of the default project.
  const uplinkNetworks = useQuery({
    ...networksQuery('default', auth.isFineGrained),
    enabled: auth.isFineGrained !== null && values.type === 'ovn',
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const nameCheck = useNetworkNameCheck(project, values.name.trim(), mode === 'create');
  /** A name the submit-time check found taken (before the check while typing answered). */
  const [takenOnSubmit, setTakenOnSubmit] = useState<string>();
  const taken = nameCheck.taken || takenOnSubmit === values.name.trim();

  const context = {
    extensions: auth.server.api_extensions,
    ovn: ovnAvailable(auth.server, networks.data),
  };
  const fields = fieldsFor(values.type, context);
  const sections = sectionsFor(values.type, context);
  const errors = validateNetworkValues(values, fields, members);
  const nameProblem =
    mode === 'create'
      ? (validateNetworkName(values.name.trim(), values.type) ??
        (taken ? NETWORK_MESSAGES.nameExists : undefined))
      : undefined;
  const show = (key: string) => submitted || touched.has(key);
  const shownErrors = Object.fromEntries(Object.entries(errors).filter(([key]) => show(key)));
  const nameError = show('name') || taken ? nameProblem : undefined;

  const shownValues = section === 'yaml' ? controller.peekValues() : values;
  const dirty =
    mode === 'edit' &&
    props.base !== undefined &&
    (shownValues === undefined || !isUnchanged(props.base, shownValues));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const choices: FieldChoices = {
    project,
    interfaces: (networks.data ?? [])
      .filter((network) => !network.managed && isListedNetwork(network))
      .map((network) => network.name),
    uplinks: (uplinkNetworks.data ?? [])
      .filter(
        (network) => network.managed && (network.type === 'bridge' || network.type === 'physical'),
      )
      .map((network) => network.name),
    acls: acls.data ?? (acls.isError ? [] : undefined),
  };

  const touch = (key: string) => {
    setTouched((previous) => new Set(previous).add(key));
  };
  const setConfig = (key: string, value: string) => {
    update((current) => ({ ...current, config: { ...current.config, [key]: value } }));
  };
  const setMember = (member: string, key: string, value: string) => {
    update((current) => ({
      ...current,
      members: {
        ...current.members,
        [member]: { ...current.members[member], [key]: value },
      },
    }));
  };

  const readOnly = props.readOnlyReason !== undefined;

  const renderField = (field: NetworkField) => {
    if (!fieldShown(field, values.config)) return null;
    const common = {
      field,
      disabled: readOnly,
      choices,
      custom: values.customAddress[field.key] ?? false,
      onCustomChange: (custom: boolean) => {
        update((current) => ({
          ...current,
          customAddress: { ...current.customAddress, [field.key]: custom },
        }));
      },
    };
    if (members.length > 0 && isNetworkMemberKey(field.key)) {
      return (
        <fieldset key={field.key} className="network-member-field">
          <legend>{field.label} per cluster member</legend>
          {members.map((member) => {
            const errorKey = memberErrorKey(member, field.key);
            return (
              <FieldRow
                key={member}
                {...common}
                label={`${field.label} on ${member}`}
                value={values.members[member]?.[field.key] ?? ''}
                error={shownErrors[errorKey]}
                onChange={(value) => setMember(member, field.key, value)}
                onBlur={() => touch(errorKey)}
              />
            );
          })}
        </fieldset>
      );
    }
    return (
      <FieldRow
        key={field.key}
        {...common}
        label={field.label}
        value={values.config[field.key] ?? ''}
        error={shownErrors[field.key]}
        onChange={(value) => setConfig(field.key, value)}
        onBlur={() => touch(field.key)}
      />
    );
  };

  const sectionHasError = (id: NetworkSectionId) =>
    id === 'main' && nameError !== undefined
      ? true
      : fields.some(
          (field) =>
            field.section === id &&
            Object.keys(shownErrors).some(
              (key) => key === field.key || key.endsWith(`:${field.key}`),
            ),
        );

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = controller.currentValues();
    if (!current) return;
    setSubmitted(true);
    const currentFields = fieldsFor(current.type, context);
    if (mode === 'create') {
      const name = current.name.trim();
      let problem = validateNetworkName(name, current.type);
      if (!problem && (await nameCheck.confirm(name).catch(() => false))) {
        problem = NETWORK_MESSAGES.nameExists;
        setTakenOnSubmit(name);
      }
      if (problem) {
        controller.selectSection('main');
        return;
      }
    }
    const problems = validateNetworkValues(current, currentFields, members);
    const where = firstErrorSection(problems, currentFields);
    if (where) {
      controller.selectSection(where);
      return;
    }
    if (mode === 'edit' && props.base && isUnchanged(props.base, current)) return;
    props.onSubmit(current);
  };

  const submitLabel = mode === 'create' ? 'Create network' : 'Save changes';

  return (
    <form className="network-form" onSubmit={(event) => void submit(event)} noValidate>
      {props.readOnlyReason && (
        <p className="network-locked" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <SectionsFrame
        label="Network configuration"
        sections={sections}
        section={section}
        onSelect={controller.selectSection}
        hasErrors={sectionHasError}
      >
        {section === 'main' && (
          <NetworkMainSection
            mode={mode}
            name={values.name}
            nameError={nameError}
            description={values.description}
            type={values.type}
            types={props.types}
            readOnly={readOnly}
            onNameChange={(name) => {
              update((current) => ({ ...current, name }));
            }}
            onNameBlur={() => touch('name')}
            onDescriptionChange={(description) => {
              update((current) => ({ ...current, description }));
            }}
            onTypeChange={(type) => {
              update((current) => changeType(current, type, networkKeysFor(type, context)));
            }}
          >
            {fields.filter((field) => field.section === 'main').map(renderField)}
          </NetworkMainSection>
        )}
        {section !== 'main' && section !== 'yaml' && (
          <div className="network-section">
            {fields.filter((field) => field.section === section).map(renderField)}
            {fields.some(
              (field) => field.section === section && !fieldShown(field, values.config),
            ) && (
              <p className="u-text--muted">
                More settings appear when the network has an address of this family.
              </p>
            )}
          </div>
        )}
        {section === 'yaml' && (
          <YamlSection
            help={
              <p className="p-form-help-text">
                {mode === 'create'
                  ? 'The whole network as YAML: name, type, description and config.'
                  : 'The network as YAML: description and config. Values are sent as text.'}
                {members.length > 0 && ' Member-specific keys are set per member in the form.'}
              </p>
            }
            yaml={controller.yaml}
            readOnly={readOnly}
          />
        )}
      </SectionsFrame>
      {props.notice}
      <div className="form-actions">
        {props.onCancel && (
          <button type="button" className="p-button--base" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        {dirty && (
          <button
            type="button"
            className="p-button"
            disabled={props.busy}
            onClick={() => {
              controller.reset(props.initial);
              setSubmitted(false);
              setTouched(new Set());
            }}
          >
            Revert changes
          </button>
        )}
        <FormSubmitButton mode={mode} busy={props.busy} dirty={dirty} reason={props.readOnlyReason}>
          {submitLabel}
        </FormSubmitButton>
      </div>
    </form>
  );
}
