import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useProductName } from '../auth/product';
import { YamlBody } from '../forms/ResourceForm';
import type { InstanceType } from '../../lxd/types/instance';
import { CloudInitSection } from './CloudInitSection';
import type { VolumeOption } from './devices';
import { DevicesSection } from './DevicesSection';
import { FieldsSection } from './FieldsSection';
import type { GpuChoices } from './GpuPicker';
import { SECTIONS, type SectionId } from './fields';
import { NOTHING_INHERITED, type InheritedSet } from './inherit';
import { mappingProductName, type MappingOptions } from './mapping';
import type { NetworkChoice } from './nic';
import { SectionsFrame } from './SectionsFrame';
import type { ConfigFormController } from './use-config-form';
import { UserPropertiesSection } from './UserPropertiesSection';

export interface ConfigFormProps {
  controller: ConfigFormController;
  /** Instances need a root disk; profiles do not. */
  entity: 'instance' | 'profile';
  /** The instance type (undefined for profiles: every field is shown). */
  instanceType?: InstanceType | undefined;
  /** Values and devices coming from profiles (instances). */
  inherited?: InheritedSet;
  pools: readonly string[];
  /** Managed networks a NIC can join: names, or networks with their type and subnets. */
  networks: readonly NetworkChoice[];
  /** Network ACL names an OVN NIC can apply (security.acls); undefined while unknown. */
  acls?: readonly string[] | undefined;
  /** Custom volumes disks can attach (pool → volume); undefined: the volume is typed. */
  volumes?: readonly VolumeOption[] | undefined;
  /** The host's GPUs for the GPU picker (GET /1.0/resources); without it "Add GPU" adds a blank one. */
  gpus?: GpuChoices | undefined;
  /** The content of the main section (name, description, image, profiles, …). */
  main: ReactNode;
  /** Sections with an error get a marker in the navigation. */
  sectionErrors?: Partial<Record<SectionId, boolean>>;
  mapping?: MappingOptions;
  /** Shown above the YAML editor. */
  yamlHelp?: ReactNode;
  /** Accessible name of the whole form area. */
  label: string;
}

/**
 * The sectioned configuration form shared by instances and profiles: a section list on the
 * left, the section on the right, and a YAML mode for the whole object.
 */
export function ConfigForm({
  controller,
  entity,
  instanceType,
  inherited = NOTHING_INHERITED,
  pools,
  networks,
  acls,
  volumes,
  gpus,
  main,
  sectionErrors = {},
  mapping = {},
  yamlHelp,
  label,
}: ConfigFormProps) {
  const { section, selectSection, yaml } = controller;
  // The texts that name the server ("LXD default") name Incus on Incus.
  const product = mappingProductName(mapping, useProductName());

  return (
    <FormProvider {...controller.form}>
      <SectionsFrame
        label={label}
        sections={SECTIONS}
        section={section}
        onSelect={selectSection}
        hasErrors={(id: SectionId) => Boolean(sectionErrors[id]) || controller.hasErrors(id)}
      >
        {section === 'main' && main}
        {section === 'devices' && (
          <DevicesSection
            form={controller.form}
            entity={entity}
            inherited={inherited}
            pools={pools}
            networks={networks}
            acls={acls}
            volumes={volumes}
            instanceType={instanceType}
            gpus={gpus}
          />
        )}
        {(section === 'limits' ||
          section === 'security' ||
          section === 'snapshots' ||
          section === 'migration' ||
          section === 'boot') && (
          <FieldsSection
            form={controller.form}
            section={section}
            instanceType={instanceType}
            inherited={inherited}
            mapping={mapping}
            product={product}
          />
        )}
        {section === 'cloud-init' && (
          <CloudInitSection
            form={controller.form}
            inherited={inherited}
            mapping={mapping}
            product={product}
          />
        )}
        {section === 'user-properties' && (
          <UserPropertiesSection form={controller.form} inherited={inherited} product={product} />
        )}
        {section === 'yaml' && <YamlBody help={yamlHelp} yaml={yaml} />}
      </SectionsFrame>
    </FormProvider>
  );
}
