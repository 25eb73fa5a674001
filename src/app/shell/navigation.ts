/** Pure helpers of the side navigation (spec §2). Paths are relative to the /ui basename. */

export function isAllProjectsPath(pathname: string): boolean {
  return pathname.startsWith('/all-projects');
}

/** The project a path belongs to, if any. */
export function projectFromPath(pathname: string): string | undefined {
  const match = /^\/project\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Title of a project-scoped link while all projects are shown. */
export function selectProjectTitle(section: string): string {
  return `Select a project to explore ${section}`;
}

/** The search box of the project selector appears above 5 projects. */
export const PROJECT_SEARCH_THRESHOLD = 5;

export function filterProjects<T extends { name: string; description?: string }>(
  projects: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...projects];
  return projects.filter(
    (p) => p.name.toLowerCase().includes(q) || (p.description ?? '').toLowerCase().includes(q),
  );
}

/** Instances of a project, counted from its used_by list. */
export function instanceCount(project: { used_by?: string[] | undefined }): number {
  return (project.used_by ?? []).filter((url) => url.startsWith('/1.0/instances/')).length;
}
