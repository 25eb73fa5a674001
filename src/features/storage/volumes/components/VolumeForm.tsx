import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { LxdStoragePool, LxdStorageVolume } from '../../../../lxd/types/storage';
import { saveLabel, SectionsFrame } from '../../../../shared/config-form';
import {
  FormActions,
  FormFailure,
  ResourceForm,
  useResourceForm,
  YamlBody,
} from '../../../../shared/forms';
import { STORAGE_VOLUME_NAME_EXISTS } from '../../../../shared/validation';
import {
  countVolumeChanges,
  fieldContext,
  sectionFields,
  valuesToPutBody,
  visibleSections,
  volumeFormProblems,
  volumeFromYamlObject,
  volumeSectionOf,
  volumeYamlObject,
  type VolumeFormMode,
  type VolumeFormValues,
  type VolumeSectionId,
} from '../form';
import { volumeNameTaken } from '../queries';
import { VolumeFieldsSection } from './VolumeFieldsSection';
import { VolumeMainSection, VolumePlacement } from './VolumeMainSection';

export interface VolumeFormProps {
  mode: VolumeFormMode;
  project: string;
  initial: VolumeFormValues;
  /** The volume as read (edit): changes are counted against it. */
  base?: LxdStorageVolume | undefined;
  pools: readonly LxdStoragePool[];
  extensions: readonly string[];
  section?: VolumeSectionId | undefined;
  onSectionChange?: ((section: VolumeSectionId) => void) | undefined;
  /** Sends the values; a returned promise keeps the form busy, its rejection is shown. */
  onSubmit: (values: VolumeFormValues, pool: LxdStoragePool | undefined) => unknown;
  /** The page's own mutation is sending (an edit through useVersionedEdit). */
  busy?: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  /** Create in a cluster: the member that holds a volume of a local pool. */
  placement?: boolean;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The volume form: sections for the main settings and each group of keys, and YAML mode. */
export function VolumeForm(props: VolumeFormProps) {
  const { mode, project, initial, base, pools, extensions } = props;
  const poolOf = (name: string) => pools.find((pool) => pool.name === name);
  const contextOf = (values: VolumeFormValues) =>
    fieldContext(poolOf(values.pool), values, extensions);
  const putBody = (values: VolumeFormValues, saved: LxdStorageVolume) =>
    valuesToPutBody(values, contextOf(values), saved);

  const kit = useResourceForm<VolumeFormValues, VolumeSectionId>({
    // A new volume goes to the pool asked for, else the pool named default, else the first.
    defaultValues:
      mode === 'create' && !initial.pool
        ? { ...initial, pool: (poolOf('default') ?? pools[0])?.name ?? '' }
        : initial,
    validate: (values) => volumeFormProblems(values, mode, base?.config.size),
    nameCheck: {
      field: 'name',
      // The name is unique among the custom volumes of a pool.
      lookup: (name, signal, pool) => volumeNameTaken(project, pool ?? '', name, signal),
      scope: (values) => values.pool,
      message: STORAGE_VOLUME_NAME_EXISTS,
      enabled: mode === 'create',
    },
    yaml: {
      toObject: (values) => volumeYamlObject(values, mode, contextOf(values), base),
      fromObject: (value) => volumeFromYamlObject(value, initial, mode),
    },
    sections: {
      initial: 'main',
      current: props.section,
      onChange: props.onSectionChange,
      of: volumeSectionOf,
    },
    ...(base
      ? {
          isChanged: (values: VolumeFormValues) =>
            countVolumeChanges(base, putBody(values, base)) > 0,
        }
      : {}),
    onDirtyChange: props.onDirtyChange,
    onSubmit: (values) => props.onSubmit(values, poolOf(values.pool)),
    busy: props.busy,
  });
  const { form } = kit;
  const watched = useWatch({ control: form.control }) as VolumeFormValues;
  const pool = poolOf(watched.pool);
  const sections = visibleSections(fieldContext(pool, watched, extensions));

  const readOnly = props.readOnlyReason !== undefined;
  const section = sections.some((item) => item.id === kit.section) ? kit.section : 'main';
  const shown = kit.current;
  const changes = base && shown ? countVolumeChanges(base, putBody(shown, base)) : undefined;

  return (
    <ResourceForm kit={kit} className="volume-form">
      {props.readOnlyReason && (
        <p className="page-note" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <SectionsFrame
        label="Volume configuration"
        sections={sections}
        section={section}
        onSelect={kit.selectSection}
        hasErrors={kit.hasErrors}
      >
        {section === 'main' && <VolumeMainSection mode={mode} pools={pools} readOnly={readOnly} />}
        {section === 'main' && props.placement && <VolumePlacement project={project} pool={pool} />}
        {section !== 'main' && section !== 'yaml' && (
          <VolumeFieldsSection
            key={section}
            fields={sectionFields(section, fieldContext(pool, watched, extensions))}
            poolConfig={pool?.config ?? {}}
            readOnly={readOnly}
          />
        )}
        {section === 'yaml' && (
          <YamlBody
            yaml={kit.yaml}
            readOnly={readOnly}
            help={`${
              mode === 'create'
                ? 'The new volume as YAML: name, description, pool, content type and config.'
                : 'The volume as YAML: description and config. Use Rename or Move for the name and pool.'
            } Values are sent as text.`}
          />
        )}
      </SectionsFrame>
      {props.notice}
      <FormFailure
        failure={kit.failure}
        what="volume"
        action={mode === 'create' ? 'create' : 'save'}
      />
      <FormActions
        kit={kit}
        mode={mode}
        submitLabel={mode === 'create' ? 'Create volume' : saveLabel(changes)}
        reason={props.readOnlyReason}
        onCancel={props.onCancel}
      />
    </ResourceForm>
  );
}
