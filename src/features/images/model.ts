/** Pure rules of the image list: labels and search. */
import type { LxdImage } from '../../lxd/types/image';
import type { ListFilter } from '../../shared/ui/list';

export const SHORT_FINGERPRINT_LENGTH = 12;

export function shortFingerprint(fingerprint: string): string {
  return fingerprint.slice(0, SHORT_FINGERPRINT_LENGTH);
}

export function imageDescription(image: LxdImage): string {
  return image.properties?.description ?? '';
}

export function aliasNames(image: LxdImage): string[] {
  return (image.aliases ?? []).map((alias) => alias.name);
}

/** How an image is named in buttons and messages: description, else an alias, else its id. */
export function imageLabel(image: LxdImage): string {
  return imageDescription(image) || aliasNames(image)[0] || shortFingerprint(image.fingerprint);
}

export function imageTypeLabel(type: string): string {
  if (type === 'virtual-machine') return 'VM';
  if (type === 'container') return 'Container';
  return type;
}

/** The project an image belongs to: its own field (all-projects list) or the page's project. */
export function imageProject(image: LxdImage, fallback: string): string {
  return image.project || fallback;
}

/** A row key unique across projects (one fingerprint may exist in several projects). */
export function imageKey(image: LxdImage): string {
  return `${image.project ?? ''}/${image.fingerprint}`;
}

/**
 * The search test of the image list: case-insensitive over description, aliases, fingerprint,
 * type, architecture and project; every word of the query must match somewhere.
 */
export function matchImages(query: string): (image: LxdImage) => boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (image) => {
    const haystack = [
      imageDescription(image),
      ...aliasNames(image),
      image.fingerprint,
      image.type,
      imageTypeLabel(image.type),
      image.architecture,
      image.project ?? '',
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
}

/** Alias name rule checked before asking the server (which has the last word). */
export function aliasNameError(name: string, existing: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter an alias name';
  if (existing.includes(trimmed)) return 'This image already has this alias';
  return undefined;
}

/** The list's drop-downs (in the URL as ?type= and ?architecture=): architectures of the rows. */
export function imageFilters(images: readonly LxdImage[] | undefined): ListFilter<LxdImage>[] {
  const architectures = [...new Set((images ?? []).map((image) => image.architecture))].sort();
  return [
    {
      param: 'type',
      label: 'Type',
      options: ['container', 'virtual-machine'].map((value) => ({
        value,
        label: imageTypeLabel(value),
      })),
      match: (image, value) => image.type === value,
    },
    {
      param: 'architecture',
      label: 'Architecture',
      options: architectures.map((value) => ({ value, label: value })),
      match: (image, value) => image.architecture === value,
    },
  ];
}
