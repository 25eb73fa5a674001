import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode, type SubmitEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import {
  ConfigForm,
  configMapping,
  countChanges,
  deviceProblems,
  saveLabel,
  toConfig,
  useConfigForm,
  type ConfigFormValues,
  type DeviceEntry,
  type MappingOptions,
  type SectionId,
} from '../../../shared/config-form';
import { parseYaml } from '../../../shared/ui/yaml';
import { FormSubmitButton } from '../../../shared/ui/Gated';
import { profileFromYamlObject, profileYamlObject, type ProfileFormMode } from '../form';
import { poolsQuery } from '../queries';
import { validateProfileName } from '../rules';
import { ProfileMainSection } from './ProfileMainSection';
import '../../../shared/ui/form-actions.scss';
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

/** A device problem the cards show once mounted: empty disk path or device name, duplicates. */
function hasDeviceProblem(devices: readonly DeviceEntry[]): boolean {
  const names = devices.map((d) => d.name.trim());
  return devices.some(
    (d, i) =>
      names[i] === '' ||
      names.indexOf(names[i] ?? '') !== i ||
      (d.type === 'disk' && (d.props.path ?? '').trim() === ''),
  );
}

/** The profile form: the shared configuration sections plus name and description. */
export function ProfileForm(props: ProfileFormProps) {
  const { mode, project, initial, base, onDirtyChange } = props;
  const auth = useAuth();
  const mapping: MappingOptions = configMapping(auth.server.api_extensions);
  const pools = useQuery(poolsQuery(project));
  const volumes = useQuery(volumeOptionsQuery(project));
  const nic = useNicChoices(project);
  const controller = useConfigForm({
    defaultValues: initial,
    toYamlObject: (values) => profileYamlObject(values, mode, mapping),
    fromYamlObject: (value) => profileFromYamlObject(value, initial.name, mode, mapping),
    section: props.section,
    onSectionChange: props.onSectionChange,
  });
  const { form } = controller;
  const resources = useQuery({ ...resourcesQuery(), enabled: controller.section === 'devices' });
  const watched = useWatch({ control: form.control }) as ConfigFormValues;
  const checkDevices = useRef(false);

  const shownValues = controller.isYaml ? yamlValues(controller.yaml.text) : watched;
  const changes =
    base && shownValues
      ? countChanges(base, {
          description: shownValues.description,
          ...toConfig(shownValues, mapping),
        })
      : undefined;
  const dirty = mode === 'edit' && (changes === undefined ? true : changes > 0);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  // Devices with problems were off screen at submit: check them once their cards are shown.
  useEffect(() => {
    if (!checkDevices.current || controller.section !== 'devices') return;
    checkDevices.current = false;
    void form.trigger('devices');
  }, [controller.section, form]);

  function yamlValues(text: string): ConfigFormValues | undefined {
    const parsed = parseYaml(text);
    if (!parsed.ok) return undefined;
    try {
      return profileFromYamlObject(parsed.value ?? {}, initial.name, mode, mapping);
    } catch {
      return undefined;
    }
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = controller.currentValues();
    if (!values) return;
    if (!controller.isYaml && !(await form.trigger())) return;
    if (mode === 'create') {
      const problem = validateProfileName(values.name.trim(), props.existingNames);
      if (problem) {
        if (controller.selectSection('main')) form.setError('name', { message: problem });
        return;
      }
    }
    if (
      !controller.isYaml &&
      (hasDeviceProblem(values.devices) ||
        deviceProblems(values.devices, volumes.data, nic.networks).length > 0)
    ) {
      controller.selectSection('devices');
      checkDevices.current = true;
      return;
    }
    props.onSubmit(values);
  };

  const readOnly = props.readOnlyReason !== undefined;
  const submitLabel = mode === 'create' ? 'Create profile' : saveLabel(changes);
  const nameError = form.formState.errors.name !== undefined;

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
      {props.readOnlyReason && (
        <p className="profile-locked" role="note">
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
        gpus={{
          cards: resources.data?.gpu?.cards ?? undefined,
          error: resources.error,
          pending: resources.isPending,
        }}
        mapping={mapping}
        label="Profile configuration"
        sectionErrors={{ main: nameError }}
        yamlHelp={
          <p className="p-form-help-text">
            The whole profile as YAML: description, config and devices. Values are sent as text.
          </p>
        }
        main={
          <ProfileMainSection
            form={form}
            mode={mode}
            existingNames={props.existingNames}
            readOnly={readOnly}
          />
        }
      />
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
            onClick={() => controller.reset(initial)}
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
