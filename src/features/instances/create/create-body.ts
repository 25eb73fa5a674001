/**
 * The creation request, built from the form or from YAML mode, and the facts the page needs
 * about the server (can it run VMs, can it create and start in one call). Pure functions.
 */
import type { InstanceSource, LxdInstancesPost } from '../../../lxd/endpoints/instance-create';
import type { LxdImage } from '../../../lxd/types/image';
import type { InstanceType } from '../../../lxd/types/instance';
import type { LxdServer } from '../../../lxd/types/server';
import {
  readEntityYaml,
  toConfig,
  toFormValues,
  type ConfigFormValues,
  type MappingOptions,
} from '../../../shared/config-form';

/** The image the instance is made from, as the picker chose it. */
export type ChosenImage =
  | {
      kind: 'local';
      fingerprint: string;
      alias: string | undefined;
      description: string;
      type: InstanceType;
      architecture: string;
    }
  | {
      kind: 'remote';
      server: string;
      protocol: 'simplestreams';
      alias: string;
      description: string;
      type: InstanceType;
      architecture: string;
    }
  | { kind: 'custom'; source: InstanceSource; description: string };

/** A local image of the project, as the picker and the `?image=` link choose it. */
export function chosenLocalImage(image: LxdImage): ChosenImage & { kind: 'local' } {
  return {
    kind: 'local',
    fingerprint: image.fingerprint,
    alias: image.aliases?.[0]?.name,
    description: image.properties?.description ?? '',
    type: image.type,
    architecture: image.architecture,
  };
}

export function sourceOf(image: ChosenImage): InstanceSource {
  switch (image.kind) {
    case 'local':
      // An alias reads better in LXD's records; the fingerprint is exact.
      return image.alias
        ? { type: 'image', alias: image.alias }
        : { type: 'image', fingerprint: image.fingerprint };
    case 'remote':
      return {
        type: 'image',
        alias: image.alias,
        server: image.server,
        protocol: image.protocol,
        mode: 'pull',
      };
    case 'custom':
      return image.source;
  }
}

/** True when YAML mode names the same source as the chosen image. */
export function sameSource(source: InstanceSource, image: ChosenImage | undefined): boolean {
  return image !== undefined && JSON.stringify(source) === JSON.stringify(sourceOf(image));
}

/** A source written in YAML mode, in words. */
export function describeSource(source: InstanceSource): string {
  const fields = source as Partial<Record<'alias' | 'fingerprint' | 'server' | 'source', string>>;
  const what = fields.alias ?? fields.fingerprint?.slice(0, 12) ?? fields.source ?? '';
  const where = fields.server ? ` from ${fields.server}` : '';
  return `${source.type}${what ? ` ${what}` : ''}${where} (from YAML)`;
}

/** The POST /1.0/instances body of the form. */
export function createBody(
  values: ConfigFormValues,
  type: InstanceType,
  image: ChosenImage,
  mapping: MappingOptions = {},
): LxdInstancesPost {
  const { config, devices } = toConfig(values, mapping);
  return {
    name: values.name,
    description: values.description,
    type,
    source: sourceOf(image),
    profiles: values.profiles,
    config,
    devices,
  };
}

/** YAML mode's object: the body, or as much of it as is known before an image is chosen. */
export function createYamlObject(
  values: ConfigFormValues,
  type: InstanceType,
  image: ChosenImage | undefined,
  mapping: MappingOptions = {},
): Record<string, unknown> {
  const { config, devices } = toConfig(values, mapping);
  return {
    name: values.name,
    description: values.description,
    type,
    ...(image ? { source: sourceOf(image) } : {}),
    profiles: values.profiles,
    config,
    devices,
  };
}

function isInstanceType(value: unknown): value is InstanceType {
  return value === 'container' || value === 'virtual-machine';
}

/** Reads YAML mode's object back: the form values, and the type and source it names. */
export function readCreateYaml(
  value: unknown,
  mapping: MappingOptions = {},
): { values: ConfigFormValues; type?: InstanceType; source?: InstanceSource } {
  const entity = readEntityYaml(value);
  const values = toFormValues(entity, mapping);
  const { type, source } = entity.rest;
  if (type !== undefined && !isInstanceType(type)) {
    throw new Error('type must be container or virtual-machine');
  }
  if (source !== undefined && (typeof source !== 'object' || source === null)) {
    throw new Error('source must be a map (for example type: image, alias: busybox)');
  }
  return {
    values,
    ...(type ? { type } : {}),
    ...(source ? { source: source as InstanceSource } : {}),
  };
}

/** YAML mode's object as LXD gets it: every field as written, config values as strings. */
export function bodyFromYaml(value: unknown): Record<string, unknown> {
  const entity = readEntityYaml(value);
  return {
    ...entity.rest,
    name: entity.name ?? '',
    description: entity.description ?? '',
    ...(entity.profiles ? { profiles: entity.profiles } : {}),
    config: entity.config ?? {},
    devices: entity.devices ?? {},
  };
}

/** `environment.driver` is "lxc", "qemu" or "lxc | qemu": VMs need qemu (unknown: allowed). */
export function supportsVirtualMachines(server: Pick<LxdServer, 'environment'>): boolean {
  const driver = server.environment?.driver;
  if (!driver) return true;
  return driver
    .split('|')
    .map((part) => part.trim())
    .includes('qemu');
}

/** LXD 5.0 cannot create and start in one call: it needs `instance_create_start`. */
export function canCreateAndStart(server: Pick<LxdServer, 'api_extensions'>): boolean {
  return server.api_extensions.includes('instance_create_start');
}

/** What an image operation reports while it runs (download, unpack), as one line. */
export function progressText(metadata: Record<string, unknown> | null | undefined): string {
  if (!metadata) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (!key.endsWith('_progress') || typeof value !== 'string') continue;
    parts.push(value);
  }
  return parts.join(', ');
}
