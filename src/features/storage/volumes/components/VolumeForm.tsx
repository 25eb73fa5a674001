import { useEffect, useMemo, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { LxdStoragePool, LxdStorageVolume } from '../../../../lxd/types/storage';
import { SectionsFrame, YamlSection } from '../../../../shared/config-form';
import { parseYaml } from '../../../../shared/ui/yaml';
import {
  countVolumeChanges,
  fieldContext,
  sectionFields,
  valuesToPutBody,
  visibleSections,
  volumeFromYamlObject,
  volumeYamlObject,
  type VolumeFormMode,
  type VolumeFormValues,
  type VolumeSectionId,
} from '../form';
import { newVolumeNameChecker } from '../queries';
import { validateVolumeName } from '../rules';
import { useVolumeForm } from './useVolumeForm';
import { VolumeFieldsSection } from './VolumeFieldsSection';
import { VolumeMainSection } from './VolumeMainSection';
import { FormSubmitButton } from '../../../../shared/ui/Gated';
import '../../../../shared/ui/form-actions.scss';

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
  onSubmit: (values: VolumeFormValues, pool: LxdStoragePool | undefined) => void;
  busy: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  /** Under the main settings (create in a cluster): where the volume goes, for the chosen pool. */
  placement?: ((pool: LxdStoragePool | undefined) => ReactNode) | undefined;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

const saveLabel = (changes: number | undefined) =>
  changes === undefined || changes === 0
    ? 'Save changes'
    : `Save ${changes} ${changes === 1 ? 'change' : 'changes'}`;

/** The volume form: sections for the main settings and each group of keys, and YAML mode. */
export function VolumeForm(props: VolumeFormProps) {
  const { mode, project, initial, base, pools, extensions, onDirtyChange } = props;
  const [checker] = useState(newVolumeNameChecker);
  const [submitChecker] = useState(newVolumeNameChecker);
  useEffect(
    () => () => {
      checker.cancel();
      submitChecker.cancel();
    },
    [checker, submitChecker],
  );
  const poolOf = (name: string) => pools.find((pool) => pool.name === name);
  const contextOf = (values: VolumeFormValues) =>
    fieldContext(poolOf(values.pool), values, extensions);

  const controller = useVolumeForm({
    defaultValues: initial,
    toYamlObject: (values) => volumeYamlObject(values, mode, contextOf(values), base),
    fromYamlObject: (value) => volumeFromYamlObject(value, initial, mode),
    section: props.section,
    onSectionChange: props.onSectionChange,
  });
  const { form } = controller;
  const watched = useWatch({ control: form.control }) as VolumeFormValues;
  const pool = poolOf(watched.pool);
  const context = fieldContext(pool, watched, extensions);
  const sections = visibleSections(context);

  // The pool list arrives after the form: pick the first pool when none is chosen.
  useEffect(() => {
    if (mode === 'create' && !form.getValues('pool') && pools[0]) {
      form.setValue('pool', pools.find((p) => p.name === 'default')?.name ?? pools[0].name);
    }
  }, [mode, pools, form]);

  // The name is unique per pool: check it again when the pool changes.
  const lastPool = useRef(watched.pool);
  useEffect(() => {
    if (lastPool.current === watched.pool) return;
    lastPool.current = watched.pool;
    if (mode === 'create' && form.getValues('name') !== '') void form.trigger('name');
  }, [watched.pool, mode, form]);

  const validateName = (name: string) =>
    validateVolumeName(
      checker,
      project,
      form.getValues('pool'),
      name,
      mode === 'edit' ? initial.name : undefined,
    );

  const yamlValues = useMemo(() => {
    if (!controller.isYaml) return undefined;
    const parsed = parseYaml(controller.yaml.text);
    if (!parsed.ok) return undefined;
    try {
      return volumeFromYamlObject(parsed.value ?? {}, initial, mode);
    } catch {
      return undefined;
    }
  }, [controller.isYaml, controller.yaml.text, initial, mode]);
  const shown = controller.isYaml ? yamlValues : watched;
  const changes =
    base && shown
      ? countVolumeChanges(base, valuesToPutBody(shown, contextOf(shown), base))
      : undefined;
  const dirty = mode === 'edit' && (changes === undefined ? true : changes > 0);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = controller.currentValues();
    if (!values) return;
    if (!controller.isYaml && !(await form.trigger())) {
      const { errors } = form.formState;
      if (errors.name || errors.pool || errors.size) controller.selectSection('main');
      return;
    }
    if (mode === 'create') {
      // A lookup of its own, which typing (that aborts the field's lookup) cannot cut short.
      const problem = await validateVolumeName(
        submitChecker,
        project,
        values.pool,
        values.name.trim(),
      );
      if (problem) {
        if (controller.selectSection('main')) form.setError('name', { message: problem });
        return;
      }
    }
    props.onSubmit(values, poolOf(values.pool));
  };

  const readOnly = props.readOnlyReason !== undefined;
  const section = sections.some((item) => item.id === controller.section)
    ? controller.section
    : 'main';
  const mainErrors = Boolean(
    form.formState.errors.name || form.formState.errors.pool || form.formState.errors.size,
  );
  const submitLabel = mode === 'create' ? 'Create volume' : saveLabel(changes);

  return (
    <form className="volume-form" onSubmit={(event) => void submit(event)} noValidate>
      {props.readOnlyReason && (
        <p className="volume-note" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <SectionsFrame
        label="Volume configuration"
        sections={sections}
        section={section}
        onSelect={controller.selectSection}
        hasErrors={(id: VolumeSectionId) => id === 'main' && mainErrors}
      >
        {section === 'main' && (
          <VolumeMainSection
            form={form}
            mode={mode}
            pools={pools}
            validateName={validateName}
            previousSize={base?.config.size}
            readOnly={readOnly}
          />
        )}
        {section === 'main' && props.placement?.(pool)}
        {section !== 'main' && section !== 'yaml' && (
          <VolumeFieldsSection
            key={section}
            form={form}
            fields={sectionFields(section, context)}
            poolConfig={pool?.config ?? {}}
            readOnly={readOnly}
          />
        )}
        {section === 'yaml' && (
          <YamlSection
            help={
              <p className="p-form-help-text">
                {mode === 'create'
                  ? 'The new volume as YAML: name, description, pool, content type and config.'
                  : 'The volume as YAML: description and config. Use Rename or Move for the name and pool.'}{' '}
                Values are sent as text.
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
        {dirty && !readOnly && (
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
