import { keyOfPath } from './form';
import { PROJECT_KEYS } from './keys';

/** The sections of the project form; the configuration page shows one at a time by URL. */
export const PROJECT_SECTIONS = [
  { id: 'project-details', label: 'Project details' },
  { id: 'resource-limits', label: 'Resource limits' },
  { id: 'restrictions', label: 'Restrictions' },
  { id: 'yaml', label: 'YAML configuration' },
] as const;

export type ProjectSection = (typeof PROJECT_SECTIONS)[number]['id'];

export const DEFAULT_PROJECT_SECTION: ProjectSection = 'project-details';

export function isProjectSection(value: string | undefined): value is ProjectSection {
  return PROJECT_SECTIONS.some((section) => section.id === value);
}

/** The section a field lives in: 'name', 'description' or a config key ('limits.cpu'). */
export function sectionOfField(field: string): ProjectSection {
  const key = PROJECT_KEYS.find((candidate) => candidate.key === field);
  return isProjectSection(key?.section) ? key.section : DEFAULT_PROJECT_SECTION;
}

/** The section of a form path ("config.limits_cpu"). */
export const sectionOfPath = (path: string): ProjectSection => sectionOfField(keyOfPath(path));
