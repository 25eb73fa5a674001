import { useQuery } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { isNetworkMemberKey, networkNameExists } from '../../../../lxd/endpoints/networks';
import type { NetworkType } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { SectionsFrame, YamlSection } from '../../../../shared/config-form';
import {
  ConfigKeyInput,
  configKeyId,
  FormActions,
  FormFailure,
  ResourceForm,
  useResourceForm,
  type ConfigKeyRenderers,
} from '../../../../shared/forms';
import {
  fieldsFor,
  sectionsFor,
  type NetworkKeyContext,
  type NetworkKeyField,
  type NetworkSectionId,
} from '../fields';
import {
  networkYamlObject,
  valuesFromYaml,
  type NetworkFormMode,
  type NetworkFormValues,
} from '../form';
import {
  fromFormState,
  networkProblems,
  sectionOfPath,
  stateChanged,
  toFormState,
  yamlProblem,
  type NetworkFormState,
} from '../form-state';
import { aclNamesQuery, networksQuery } from '../queries';
import { isListedNetwork, NETWORK_MESSAGES, ovnAvailable } from '../rules';
import { networkRenderers } from './NetworkFields';
import { NetworkMainSection } from './NetworkMainSection';

export interface NetworkFormProps {
  mode: NetworkFormMode;
  project: string;
  initial: NetworkFormValues;
  /** The types offered when creating. */
  types: readonly NetworkType[];
  /** Cluster members (member-specific keys are entered per member); empty when standalone. */
  members: readonly string[];
  section?: NetworkSectionId | undefined;
  onSectionChange?: ((section: NetworkSectionId) => void) | undefined;
  /** Sends the values; a returned promise keeps the form busy, its rejection is shown. */
  onSubmit: (values: NetworkFormValues) => unknown;
  busy?: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** A field as its kind asks, once per member for a member-specific key in a cluster. */
function NetworkKey({
  field,
  members,
  custom,
  disabled,
}: {
  field: NetworkKeyField;
  members: readonly string[];
  custom: ConfigKeyRenderers<NetworkKeyContext>;
  disabled: boolean;
}) {
  if (members.length === 0 || !isNetworkMemberKey(field.key)) {
    return <ConfigKeyInput field={field} custom={custom} disabled={disabled} />;
  }
  return (
    <fieldset className="network-member-field">
      <legend>{field.label} per cluster member</legend>
      {members.map((member, index) => (
        <ConfigKeyInput
          key={member}
          field={field}
          prefix={`members.${String(index)}.config`}
          label={`${field.label} on ${member}`}
          custom={custom}
          disabled={disabled}
        />
      ))}
    </fieldset>
  );
}

/** The network form: sections per type on the left, the section on the right, YAML mode. */
export function NetworkForm(props: NetworkFormProps) {
  const { mode, project, members } = props;
  const auth = useAuth();
  const networks = useQuery(networksQuery(project, auth.isFineGrained));
  const acls = useQuery(aclNamesQuery(project));
  const context = {
    extensions: auth.server.api_extensions,
    ovn: ovnAvailable(auth.server, networks.data),
  };
  const lookup = useCallback(
    (name: string, signal: AbortSignal) => networkNameExists(project, name, signal),
    [project],
  );
  const kit = useResourceForm<NetworkFormState, NetworkSectionId>({
    defaultValues: toFormState(props.initial, members),
    validate: (state) => networkProblems(state, fieldsFor(state.type, context), mode),
    nameCheck: {
      field: 'name',
      lookup,
      message: NETWORK_MESSAGES.nameExists,
      enabled: mode === 'create',
    },
    yaml: {
      toObject: (state) => networkYamlObject(fromFormState(state), mode),
      fromObject: (value, current) =>
        toFormState(
          valuesFromYaml(value, fromFormState(current), mode, members.length > 0),
          members,
        ),
      problem: yamlProblem,
    },
    sections: {
      initial: 'main',
      current: props.section,
      onChange: props.onSectionChange,
      of: sectionOfPath,
    },
    isChanged: stateChanged,
    onDirtyChange: props.onDirtyChange,
    onSubmit: (state) => props.onSubmit(fromFormState(state)),
    busy: props.busy,
  });
  const type = useWatch({ control: kit.form.control, name: 'type' });
  const config = useWatch({ control: kit.form.control, name: 'config' });
  // OVN uplinks are networks of the default project.
  const uplinkNetworks = useQuery({
    ...networksQuery('default', auth.isFineGrained),
    enabled: auth.isFineGrained !== null && type === 'ovn',
  });
  const interfaces = (networks.data ?? [])
    .filter((network) => !network.managed && isListedNetwork(network))
    .map((network) => network.name);
  const uplinks = (uplinkNetworks.data ?? [])
    .filter((network) => network.managed && ['bridge', 'physical'].includes(network.type))
    .map((network) => network.name);
  const aclNames = acls.data ?? (acls.isError ? [] : undefined);
  // Renderers draw components of their own: new ones each render remount nothing.
  const custom = networkRenderers({ project, interfaces, uplinks, acls: aclNames });

  const readOnly = props.readOnlyReason !== undefined;
  const fields = fieldsFor(type, context);
  const shown = (field: NetworkKeyField) =>
    field.needsAddress === undefined || config[configKeyId(field.needsAddress)] !== 'none';
  const sectionFields = (section: NetworkSectionId) =>
    fields.filter((field) => field.section === section);
  const draw = (field: NetworkKeyField) =>
    shown(field) && (
      <NetworkKey
        key={field.key}
        field={field}
        members={members}
        custom={custom}
        disabled={readOnly}
      />
    );
  const { section } = kit;

  return (
    <ResourceForm kit={kit} className="network-form">
      {props.readOnlyReason && (
        <p className="page-note" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <SectionsFrame
        label="Network configuration"
        sections={sectionsFor(type, context)}
        section={section}
        onSelect={kit.selectSection}
        hasErrors={kit.hasErrors}
      >
        {section === 'main' && (
          <NetworkMainSection mode={mode} types={props.types} context={context} readOnly={readOnly}>
            {sectionFields('main').map(draw)}
          </NetworkMainSection>
        )}
        {section !== 'main' && section !== 'yaml' && (
          <div className="network-section">
            {sectionFields(section).map(draw)}
            {sectionFields(section).some((field) => !shown(field)) && (
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
            yaml={kit.yaml}
            readOnly={readOnly}
          />
        )}
      </SectionsFrame>
      {props.notice}
      {mode === 'create' && <FormFailure failure={kit.failure} what="network" action="create" />}
      <FormActions
        kit={kit}
        mode={mode}
        submitLabel={mode === 'create' ? 'Create network' : 'Save changes'}
        reason={props.readOnlyReason}
        onCancel={props.onCancel}
      />
    </ResourceForm>
  );
}
