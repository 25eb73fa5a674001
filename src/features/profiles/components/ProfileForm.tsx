import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import {
  ConfigForm,
  configMapping,
  countChanges,
  deviceProblems,
  gpuChoices,
  saveLabel,
  toConfig,
  useConfigForm,
  type ConfigFormValues,
  type MappingOptions,
  type SectionId,
} from '../../../shared/config-form';
import { FormActions, type Problems } from '../../../shared/forms';
import { profileFromYamlObject, profileYamlObject, type ProfileFormMode } from '../form';
import { poolsQuery } from '../queries';
import { validateProfileName } from '../rules';
import { ProfileMainSection } from './ProfileMainSection';
import { volumeOptionsQuery } from '../../storage';
import { useNicChoices } from '../../networking';
import { resourcesQuery } from '../../server';

export interface ProfileFormProps {
  mode: ProfileFormMode;
  project: string;
  initial: ConfigFormValues;
  /** The profile as read (edit mode): changes are counted against it. */
  base?: LxdProfile | undefined;
  existingNames: readonly string[];
  section?: SectionId | undefined;
  onSectionChange?: ((section: SectionId) => void) | undefined;
  onSubmit: (values: ConfigFormValues) => void;
  busy: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** How many things saving `values` would change in `base`. */
function changesTo(base: LxdProfile, values: ConfigFormValues, mapping: MappingOptions) {
  return countChanges(base, { description: values.description, ...toConfig(values, mapping) });
}

/** The profile form: the shared configuration sections plus name and description. */
export function ProfileForm(props: ProfileFormProps) {
  const { mode, project, initial, base, existingNames } = props;
  const auth = useAuth();
  const mapping: MappingOptions = configMapping(auth.server.api_extensions);
  const pools = useQuery(poolsQuery(project));
  const volumes = useQuery(volumeOptionsQuery(project));
  const nic = useNicChoices(project);
  const nameRule = (values: ConfigFormValues): Problems =>
    mode === 'create' ? { name: validateProfileName(values.name.trim(), existingNames) } : {};
  const controller = useConfigForm({
    defaultValues: initial,
    toYamlObject: (values) => profileYamlObject(values, mode, mapping),
    fromYamlObject: (value) => profileFromYamlObject(value, initial.name, mode, mapping),
    readYamlWhileTyping: true,
    section: props.section,
    onSectionChange: props.onSectionChange,
    validate: (values) => {
      const problems = nameRule(values);
      for (const { field, message } of deviceProblems(values.devices, volumes.data, nic.networks)) {
        problems[field] = message;
      }
      return problems;
    },
    // YAML mode sends the devices as written: LXD has the last word on them.
    yamlValidate: nameRule,
    ...(base ? { isChanged: (values) => changesTo(base, values, mapping) > 0 } : {}),
    onDirtyChange: props.onDirtyChange,
    onSubmit: props.onSubmit,
    busy: props.busy,
  });
  const resources = useQuery({ ...resourcesQuery(), enabled: controller.section === 'devices' });
  const { current } = controller;
  const changes = base && current ? changesTo(base, current, mapping) : undefined;
  const readOnly = props.readOnlyReason !== undefined;

  return (
    <form className="profile-form" onSubmit={(event) => void controller.submit(event)} noValidate>
      {props.readOnlyReason && (
        <p className="page-note" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <ConfigForm
        controller={controller}
        entity="profile"
        pools={pools.data ?? []}
        volumes={volumes.data}
        networks={nic.networks}
        acls={nic.acls}
        gpus={gpuChoices(resources)}
        mapping={mapping}
        label="Profile configuration"
        yamlHelp={
          <p className="p-form-help-text">
            The whole profile as YAML: description, config and devices. Values are sent as text.
          </p>
        }
        main={<ProfileMainSection mode={mode} readOnly={readOnly} />}
      />
      {props.notice}
      <FormActions
        kit={controller}
        mode={mode}
        submitLabel={mode === 'create' ? 'Create profile' : saveLabel(changes)}
        reason={props.readOnlyReason}
        onCancel={props.onCancel}
      />
    </form>
  );
}
