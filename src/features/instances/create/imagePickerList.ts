/** What the image picker's local and remote lists share: type names, the type filter, order. */
import type { InstanceType } from '../../../lxd/types/instance';
import {
  textColumn,
  type ListColumn,
  type ListFilter,
  type SortState,
} from '../../../shared/ui/list';

export const TYPE_LABELS: Record<InstanceType, string> = {
  container: 'Container',
  'virtual-machine': 'Virtual machine',
};

export const VM_UNAVAILABLE =
  'Virtual machines are not available: this server has no qemu instance driver (environment.driver lacks qemu).';

/** The type drop-down of a picker list. */
export function typeFilter<T extends { type: InstanceType }>(): ListFilter<T> {
  return {
    param: 'type',
    label: 'Type',
    options: [
      { value: 'container', label: TYPE_LABELS.container },
      { value: 'virtual-machine', label: TYPE_LABELS['virtual-machine'] },
    ],
    match: (row, value) => row.type === value,
  };
}

/** Rows of the picker's lists are sorted by alias until a header is clicked. */
export const BY_ALIAS: SortState = { column: 'alias', direction: 'ascending' };
export const PICKER_NOUN = { one: 'image', other: 'images' };

/** The columns both picker lists start with: alias, description, type and architecture. */
export function pickerColumns<T extends { type: InstanceType }>(
  fields: {
    alias: (row: T) => string;
    description: (row: T) => string;
    architecture: (row: T) => string;
  },
  aliasWidth: number,
): ListColumn<T>[] {
  return [
    textColumn('alias', 'Alias', fields.alias, { width: aliasWidth, rowHeader: true }),
    textColumn('description', 'Description', fields.description, { priority: 2 }),
    textColumn('type', 'Type', (row) => TYPE_LABELS[row.type], { width: 8.5 }),
    textColumn('architecture', 'Architecture', fields.architecture, { width: 7.5, priority: 2 }),
  ];
}

/** What the attribute filters read from a row. */
export interface ImageAttributes {
  os: string;
  release: string;
  architecture: string;
  variant: string;
}

const ATTRIBUTE_FILTERS: readonly { param: keyof ImageAttributes; label: string }[] = [
  { param: 'os', label: 'Distribution' },
  { param: 'release', label: 'Release' },
  { param: 'architecture', label: 'Architecture' },
  { param: 'variant', label: 'Variant' },
];

/**
 * Drop-downs for distribution, release, architecture and variant (their options are the values
 * the rows have), then the type.
 */
export function imageFilters<T extends ImageAttributes & { type: InstanceType }>(
  rows: readonly T[] | undefined,
): ListFilter<T>[] {
  const filters: ListFilter<T>[] = ATTRIBUTE_FILTERS.map(({ param, label }) => {
    const values = [...new Set((rows ?? []).map((row) => row[param]).filter((v) => v !== ''))];
    values.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    return {
      param,
      label,
      options: values.map((value) => ({ value, label: value })),
      match: (row: T, value: string) => row[param] === value,
    };
  });
  return [...filters, typeFilter<T>()];
}
