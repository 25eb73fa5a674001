/** Pure rules of the image edit dialog: its values, the property keys, and the PUT body. */
import type { LxdImage, LxdImagePut } from '../../lxd/types/image';

export interface PropertyRow {
  key: string;
  value: string;
}

export interface ImageEditValues {
  description: string;
  /** Every property but `description`, in the image's order. */
  properties: PropertyRow[];
  public: boolean;
  autoUpdate: boolean;
}

export const IMAGE_EDIT_MESSAGES = {
  keyRequired: 'Enter a key',
  keyDuplicate: 'This key is already used',
  keyDescription: 'Edit the description in its own field',
  keySpace: 'Keys may not contain spaces',
} as const;

export function imageToValues(image: LxdImage): ImageEditValues {
  const { description = '', ...rest } = image.properties ?? {};
  return {
    description,
    properties: Object.entries(rest).map(([key, value]) => ({ key, value })),
    public: image.public,
    autoUpdate: image.auto_update,
  };
}

/** The problem of each row's key (same order as the rows), undefined where there is none. */
export function propertyKeyErrors(rows: readonly PropertyRow[]): (string | undefined)[] {
  return rows.map((row, index) => {
    const key = row.key.trim();
    if (!key) return IMAGE_EDIT_MESSAGES.keyRequired;
    if (/\s/.test(key)) return IMAGE_EDIT_MESSAGES.keySpace;
    if (key === 'description') return IMAGE_EDIT_MESSAGES.keyDescription;
    if (rows.slice(0, index).some((other) => other.key.trim() === key)) {
      return IMAGE_EDIT_MESSAGES.keyDuplicate;
    }
    return undefined;
  });
}

/** The whole ImagePut: the edited fields, and the image's expiry and profiles as they were. */
export function valuesToImagePut(values: ImageEditValues, base: LxdImage): LxdImagePut {
  const properties: Record<string, string> = {};
  for (const row of values.properties) properties[row.key.trim()] = row.value;
  if (values.description.trim()) properties.description = values.description.trim();
  return {
    auto_update: values.autoUpdate,
    properties,
    public: values.public,
    expires_at: base.expires_at,
    profiles: base.profiles ?? [],
  };
}
