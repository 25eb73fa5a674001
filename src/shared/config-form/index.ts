/**
 * The sectioned configuration form shared by instances and profiles.
 *
 * Usage:
 *   const controller = useConfigForm({ defaultValues: toFormValues(profile), toYamlObject,
 *     fromYamlObject });
 *   <ConfigForm controller={controller} entity="profile" pools={…} networks={…} main={…} />
 *   const values = controller.currentValues();   // undefined while YAML mode's text is invalid
 *   const { config, devices } = toConfig(values);
 */
export { ConfigForm, type ConfigFormProps } from './ConfigForm';
export {
  useConfigForm,
  type ConfigFormController,
  type ConfigFormYaml,
  type UseConfigFormOptions,
} from './use-config-form';
export {
  CONFIG_FIELDS,
  BOOT_MODES,
  SECTIONS,
  fieldById,
  fieldByKey,
  isSectionId,
  sectionFields,
  type ConfigField,
  type SectionId,
} from './fields';
export {
  configMapping,
  countChanges,
  lxdKey,
  mappingProductName,
  saveLabel,
  toConfig,
  toFormValues,
  type ConfigEntity,
  type ConfigFormValues,
  type MappingOptions,
} from './mapping';
export {
  DISK_PATH_EMPTY,
  NIC_NAME_EMPTY,
  ROOT_DISK_MISSING,
  deviceProblems,
  fromDeviceEntries,
  isRootDisk,
  missingRootDisk,
  rootDiskName,
  toDeviceEntries,
  type DeviceEntry,
  type DeviceProblem,
  type VolumeOption,
} from './devices';
export {
  NIC_ADDRESS_ZONE,
  NIC_IPV4_EXPECTED,
  NIC_IPV6_EXPECTED,
  nicAddressError,
  nicAddressOutside,
  type NetworkChoice,
  type NicNetwork,
} from './nic';
export {
  NOTHING_INHERITED,
  defaultSource,
  fallbackValue,
  inheritFromProfiles,
  inheritedDeviceMap,
  type Inherited,
  type InheritedSet,
  type ProfileLike,
} from './inherit';
export {
  INSTANCE_NAME_CHARACTERS,
  INSTANCE_NAME_EXISTS,
  INSTANCE_NAME_LENGTH,
  INSTANCE_NAME_START,
  createNameChecker,
  instanceNameError,
  validateInstanceName,
  type NameChecker,
  type NameLookup,
} from './instance-name';
export { isMap as isYamlMap, readEntityYaml, scalar as yamlScalar } from './yaml-entity';
export {
  GpuPicker,
  NO_GPUS,
  gpuChoices,
  gpuDeviceProps,
  gpuLabel,
  type GpuChoices,
} from './GpuPicker';
export {
  SSH_KEY_PREFIX,
  USER_PREFIX,
  mergeSshKey,
  sshKeyError,
  userDataSshKeys,
  userKeyError,
  type SshKey,
  type UserProperty,
} from './user-config';
export { SectionsFrame, YamlSection } from './SectionsFrame';
