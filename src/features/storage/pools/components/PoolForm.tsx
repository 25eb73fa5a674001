import type { ReactNode } from 'react';
import { storagePoolNameExists } from '../../../../lxd/endpoints/storage-pools';
import { useWatch } from 'react-hook-form';
import { saveLabel, SectionsFrame } from '../../../../shared/config-form';
import {
  FormActions,
  ResourceForm,
  useResourceForm,
  YamlBody,
  type NameLookup,
} from '../../../../shared/forms';
import type { DriverOption } from '../drivers';
import {
  fromFieldValues,
  poolFieldProblems,
  toFieldValues,
  type PoolFieldValues,
} from '../field-values';
import {
  countPoolChanges,
  poolFromYamlObject,
  poolYamlObject,
  type PoolFormContext,
  type PoolFormMode,
  type PoolFormValues,
} from '../form';
import { POOL_MESSAGES } from '../rules';
import { poolSectionOf, poolSections, type PoolSectionId } from '../sections';
import { DriverSettings, MainFields, MainSettings, MemberSettings } from './PoolFormSections';

export interface PoolFormProps {
  mode: PoolFormMode;
  initial: PoolFormValues;
  /** Cluster members the pool is (to be) defined on; empty on a standalone server. */
  members: readonly string[];
  /** Creation: the drivers the server offers. */
  drivers?: readonly DriverOption[];
  /** Edit: the pool's status (a Pending pool's source can still change). */
  status?: string | undefined;
  /** The section kept outside (the address of the configuration tab); in the form when absent. */
  section?: PoolSectionId | undefined;
  onSectionChange?: ((section: PoolSectionId) => void) | undefined;
  /** Sends the values; a returned promise keeps the form busy, its rejection is `failure`'s. */
  onSubmit: (values: PoolFormValues) => unknown;
  /** The page's own mutation is sending (an edit through useVersionedEdit). */
  busy?: boolean;
  /** Why the form is read-only (no permission), if it is. */
  readOnlyReason?: string | undefined;
  /** The outcome of the last edit (errors, conflicts), shown above the buttons. */
  notice?: ReactNode;
  /** How the failure of the last submit is told (above the buttons), and its dismissal. */
  failure?: (failure: unknown, clear: () => void) => ReactNode;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** Spec §5: a pool name is free when GET /1.0/storage-pools/{name} answers 404. */
const poolNameTaken: NameLookup = (name, signal) => storagePoolNameExists(name, signal);

/**
 * The storage pool form in sections: the main settings, the driver's own keys, and the whole
 * pool as YAML.
 */
export function PoolForm(props: PoolFormProps) {
  const { mode, initial, members } = props;
  const context: PoolFormContext = { mode, members };
  const kit = useResourceForm<PoolFieldValues, PoolSectionId>({
    defaultValues: toFieldValues(initial, members),
    validate: (values) => poolFieldProblems(values, context),
    nameCheck: {
      field: 'name',
      lookup: poolNameTaken,
      message: POOL_MESSAGES.nameExists,
      enabled: mode === 'create',
    },
    yaml: {
      toObject: (values) => poolYamlObject(fromFieldValues(values), context),
      fromObject: (value, current) =>
        toFieldValues(poolFromYamlObject(value, fromFieldValues(current), context), members),
    },
    sections: {
      initial: 'main',
      current: props.section,
      onChange: props.onSectionChange,
      of: poolSectionOf,
    },
    isChanged: (values, defaults) =>
      countPoolChanges(fromFieldValues(defaults), fromFieldValues(values)) > 0,
    onDirtyChange: props.onDirtyChange,
    onSubmit: (values) => props.onSubmit(fromFieldValues(values)),
    busy: props.busy,
  });
  const readOnly = props.readOnlyReason !== undefined;
  const current = kit.current;
  const changes = current ? countPoolChanges(initial, fromFieldValues(current)) : undefined;
  const fieldProps = { mode, disabled: readOnly || kit.busy, status: props.status };
  const clustered = members.length > 0;
  const driver = useWatch({ control: kit.form.control, name: 'driver' });
  const sections = poolSections(driver, clustered);
  const section = sections.some((item) => item.id === kit.section) ? kit.section : 'main';

  return (
    <ResourceForm kit={kit} className="pool-form">
      {props.readOnlyReason && (
        <p className="page-note" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <SectionsFrame
        label="Storage pool configuration"
        sections={sections}
        section={section}
        onSelect={kit.selectSection}
        hasErrors={kit.hasErrors}
      >
        {section === 'main' && (
          <>
            <MainFields {...fieldProps} drivers={props.drivers ?? []} />
            <MainSettings {...fieldProps} clustered={clustered} />
            <MemberSettings {...fieldProps} />
          </>
        )}
        {section === 'driver' && <DriverSettings {...fieldProps} clustered={clustered} />}
        {section === 'yaml' && (
          <YamlBody
            yaml={kit.yaml}
            label="Storage pool YAML"
            readOnly={readOnly}
            help={`${
              mode === 'create'
                ? 'The whole pool as YAML: name, description, driver and config.'
                : 'The pool as YAML: description and config.'
            } Values are sent as text.${clustered ? ' Keys that differ between members are set in the form.' : ''}`}
          />
        )}
      </SectionsFrame>
      {props.notice}
      {kit.failure !== undefined && props.failure?.(kit.failure, kit.clearFailure)}
      <FormActions
        kit={kit}
        mode={mode}
        submitLabel={mode === 'create' ? 'Create pool' : saveLabel(changes)}
        reason={props.readOnlyReason}
        onCancel={props.onCancel}
        disabled={mode === 'create' && (props.drivers ?? []).length === 0}
      />
    </ResourceForm>
  );
}
