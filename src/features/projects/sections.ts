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

/** The section a form field lives in. */
export function sectionOfField(field: string): ProjectSection {
  if (field.startsWith('limits.')) return 'resource-limits';
  if (field === 'restricted' || field.startsWith('restricted.')) return 'restrictions';
  return 'project-details';
}
