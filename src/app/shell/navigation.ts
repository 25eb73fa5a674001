/** Pure helpers of the side navigation (spec §2). Paths are relative to the /ui basename. */

const SINGULAR_TO_LIST: Record<string, string> = {
  instance: 'instances',
  profile: 'profiles',
  network: 'networks',
  'network-acl': 'network-acls',
};

const STORAGE_LISTS = ['pools', 'volumes', 'buckets', 'custom-isos'];

/** The section a project switch keeps: `/project/a/profile/x` → `profiles`. */
export function projectSection(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const rest = parts[0] === 'project' ? parts.slice(2) : [];
  const [first, second, , fourth] = rest;
  if (!first) return 'instances';
  if (first === 'storage') {
    if (second && STORAGE_LISTS.includes(second)) return `storage/${second}`;
    if (second === 'pool') {
      if (rest.includes('bucket')) return 'storage/buckets';
      if (rest.includes('volumes') || fourth === 'volumes') return 'storage/volumes';
      return 'storage/pools';
    }
    return 'storage/pools';
  }
  if (first === 'member' || first === 'network') return 'networks';
  return SINGULAR_TO_LIST[first] ?? first;
}

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
