/**
 * The volume form's model: its values, the config keys each field maps to (spec §3: size,
 * security.*, snapshots.*, block.*, zfs.*; keys from LXD's doc/reference/storage_*.md), which
 * fields apply to a pool's driver and content type, the bodies of POST and PUT, and YAML mode.
 */
import type {
  LxdStoragePool,
  LxdStorageVolume,
  LxdStorageVolumePut,
  LxdStorageVolumesPost,
} from '../../../lxd/types/storage';
import { readEntityYaml } from '../../../shared/config-form';
import {
  fieldApplies,
  VOLUME_FIELDS,
  type VolumeFieldContext,
  type VolumeSectionId,
} from './fields';
import type { Problems } from '../../../shared/forms';
import { formatSize, parseSize, sizeError, volumeNameError, VOLUME_MESSAGES } from './rules';

export * from './fields';

export type VolumeFormMode = 'create' | 'edit';
export type VolumeContentType = 'filesystem' | 'block';

const FIELD_BY_KEY = new Map(VOLUME_FIELDS.map((field) => [field.key, field]));

export interface VolumeFormValues {
  name: string;
  description: string;
  pool: string;
  contentType: VolumeContentType;
  /** The size's amount ('' = not set: the pool's default applies) and unit. */
  size: string;
  sizeUnit: string;
  /** Field id → value ('' = not set). */
  fields: Record<string, string>;
  /** Config keys the form has no field for (user.*, volatile.*, …): sent back unchanged. */
  other: Record<string, string>;
  /** Creation in a cluster: the member of a volume on a local pool ('' = the one asked). */
  member?: string;
}

/**
 * The form's problems by field (the name's uniqueness is the form kit's name check): the name
 * and pool of a new volume, and the size, which a block volume may grow but not shrink.
 */
export function volumeFormProblems(
  values: VolumeFormValues,
  mode: VolumeFormMode,
  previousSize?: string,
): Problems {
  return {
    ...(mode === 'create'
      ? {
          name: volumeNameError(values.name.trim()),
          pool: values.pool ? undefined : VOLUME_MESSAGES.poolRequired,
        }
      : {}),
    size: sizeError(values.size, values.sizeUnit, {
      contentType: values.contentType,
      previous: previousSize,
    }),
  };
}

/** The section a field of the form is in: its key's section, or the main one. */
export function volumeSectionOf(path: string): VolumeSectionId {
  const id = path.startsWith('fields.') ? path.slice('fields.'.length) : undefined;
  return VOLUME_FIELDS.find((field) => field.id === id)?.section ?? 'main';
}

/** The context of a volume being edited or created in a pool. */
export function fieldContext(
  pool: Pick<LxdStoragePool, 'driver' | 'config'> | undefined,
  values: Pick<VolumeFormValues, 'contentType' | 'fields'>,
  extensions: readonly string[],
): VolumeFieldContext {
  const blockMode = values.fields.zfs_block_mode || pool?.config['volume.zfs.block_mode'] || '';
  return {
    driver: pool?.driver ?? '',
    contentType: values.contentType,
    extensions,
    zfsBlockMode: blockMode === 'true',
  };
}

function emptyFields(): Record<string, string> {
  return Object.fromEntries(VOLUME_FIELDS.map((field) => [field.id, '']));
}

/** Splits a config map into the form's size, fields and other keys. */
function configToValues(config: Record<string, string>) {
  const fields = emptyFields();
  const other: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (key === 'size') continue;
    const field = FIELD_BY_KEY.get(key);
    if (field) fields[field.id] = value;
    else other[key] = value;
  }
  const { amount, unit } = parseSize(config.size);
  return { size: amount, sizeUnit: unit, fields, other };
}

export function newVolumeValues(pool = ''): VolumeFormValues {
  return {
    name: '',
    description: '',
    pool,
    contentType: 'filesystem',
    size: '',
    sizeUnit: 'GiB',
    fields: emptyFields(),
    other: {},
  };
}

export function volumeToValues(volume: LxdStorageVolume): VolumeFormValues {
  return {
    name: volume.name,
    description: volume.description,
    pool: volume.pool ?? '',
    contentType: volume.content_type === 'block' ? 'block' : 'filesystem',
    ...configToValues(volume.config),
  };
}

/**
 * The config a form sends: the keys it has no field for, the size when set, and each field
 * that applies here and is set. A field that does not apply (a ZFS key after choosing a
 * directory pool) is left out, unless the volume already had it.
 */
export function valuesToConfig(
  values: VolumeFormValues,
  context: VolumeFieldContext,
  base?: Record<string, string>,
): Record<string, string> {
  const config: Record<string, string> = { ...values.other };
  const size = formatSize(values.size, values.sizeUnit);
  if (size) config.size = size;
  for (const field of VOLUME_FIELDS) {
    const value = (values.fields[field.id] ?? '').trim();
    if (value === '') continue;
    if (fieldApplies(field, context) || base?.[field.key] !== undefined) config[field.key] = value;
  }
  return config;
}

export function valuesToPostBody(
  values: VolumeFormValues,
  context: VolumeFieldContext,
): LxdStorageVolumesPost {
  return {
    name: values.name.trim(),
    type: 'custom',
    content_type: values.contentType,
    description: values.description,
    config: valuesToConfig(values, context),
  };
}

export function valuesToPutBody(
  values: VolumeFormValues,
  context: VolumeFieldContext,
  base: LxdStorageVolume,
): LxdStorageVolumePut {
  return { description: values.description, config: valuesToConfig(values, context, base.config) };
}

/** How many keys (and the description) differ from the saved volume. */
export function countVolumeChanges(
  base: Pick<LxdStorageVolume, 'description' | 'config'>,
  body: LxdStorageVolumePut,
): number {
  let changes = base.description === body.description ? 0 : 1;
  const keys = new Set([...Object.keys(base.config), ...Object.keys(body.config)]);
  for (const key of keys) if (base.config[key] !== body.config[key]) changes += 1;
  return changes;
}

/** The object YAML mode shows: the POST body on create; description and config on edit. */
export function volumeYamlObject(
  values: VolumeFormValues,
  mode: VolumeFormMode,
  context: VolumeFieldContext,
  base?: LxdStorageVolume,
): unknown {
  if (mode === 'edit') {
    return {
      description: values.description,
      config: valuesToConfig(values, context, base?.config),
    };
  }
  const body = valuesToPostBody(values, context);
  return {
    name: body.name,
    description: body.description,
    pool: values.pool,
    content_type: body.content_type,
    config: body.config,
  };
}

export const CONTENT_TYPE_IN_YAML = 'content_type must be filesystem or block';
export const CONTENT_TYPE_FIXED = 'The content type of an existing volume cannot be changed';
export const POOL_FIXED = 'Use Move to put the volume in another pool';

function text(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  throw new Error(`${where} must be a text value`);
}

/**
 * Reads YAML mode's object back into form values; throws with the message the form shows for a
 * wrong shape or a change YAML mode cannot make (the name or pool of an existing volume).
 */
export function volumeFromYamlObject(
  value: unknown,
  previous: VolumeFormValues,
  mode: VolumeFormMode,
): VolumeFormValues {
  const entity = readEntityYaml(value);
  const { pool, content_type: contentType } = entity.rest;
  if (mode === 'edit') {
    if (entity.name !== undefined && entity.name !== previous.name) {
      throw new Error(VOLUME_MESSAGES.renameInYaml);
    }
    if (pool !== undefined && text(pool, 'pool') !== previous.pool) throw new Error(POOL_FIXED);
    if (contentType !== undefined && text(contentType, 'content_type') !== previous.contentType) {
      throw new Error(CONTENT_TYPE_FIXED);
    }
  }
  const type = contentType === undefined ? previous.contentType : text(contentType, 'content_type');
  if (type !== 'filesystem' && type !== 'block') throw new Error(CONTENT_TYPE_IN_YAML);
  return {
    name: mode === 'create' ? (entity.name ?? '') : previous.name,
    description: entity.description ?? '',
    pool: mode === 'create' && pool !== undefined ? text(pool, 'pool') : previous.pool,
    contentType: type,
    ...configToValues(entity.config ?? {}),
  };
}
