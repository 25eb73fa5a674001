/** The file browser's data: a directory's entries with their types (HEAD each, bounded). */
import { queryOptions } from '@tanstack/react-query';
import {
  joinPath,
  parentPath,
  readInstancePath,
  statInstanceFile,
  type InstanceFileInfo,
} from '../../../../lxd/endpoints/instance-files';

/** Outside `instanceKeys.all`: instance events do not re-read every entry. */
export const filesKeys = {
  all: (project: string, name: string) => ['instance-files', project, name] as const,
  path: (project: string, name: string, path: string) =>
    ['instance-files', project, name, path] as const,
};

export interface FileEntry {
  name: string;
  path: string;
  /** Undefined when the directory was too long to ask about each entry. */
  info: InstanceFileInfo | undefined;
}

export type FilesView =
  | { kind: 'directory'; path: string; entries: FileEntry[] }
  | { kind: 'file'; path: string }
  | { kind: 'symlink'; path: string; target: string };

/** Above this many entries, only names are shown (no HEAD per entry). */
export const STAT_LIMIT = 300;
const PARALLEL = 12;

export const NEW_DIR_EMPTY = 'Directory name must not be empty';
export const NEW_DIR_SLASH = 'Directory name must not contain /';
export const NEW_DIR_EXISTS = 'An entry with this name already exists here';

export function newDirectoryError(value: string, existing: readonly string[]): string | undefined {
  const name = value.trim();
  if (!name) return NEW_DIR_EMPTY;
  if (name.includes('/')) return NEW_DIR_SLASH;
  if (name === '.' || name === '..' || existing.includes(name)) return NEW_DIR_EXISTS;
  return undefined;
}

/** `?path=` as an absolute path without a trailing slash ("/" for the root), `..` resolved. */
export function normalizePath(value: string | null): string {
  const parts: string[] = [];
  for (const part of (value ?? '/').split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** Where a link at `path` pointing to `target` leads (relative targets from its directory). */
export function linkTarget(path: string, target: string): string {
  return normalizePath(target.startsWith('/') ? target : joinPath(parentPath(path), target));
}

/** "/etc/ssh" → [{name:'/', path:'/'}, {name:'etc', path:'/etc'}, {name:'ssh', path:'/etc/ssh'}] */
export function breadcrumb(path: string): { name: string; path: string }[] {
  const crumbs = [{ name: '/', path: '/' }];
  let current = '';
  for (const part of path.split('/').filter(Boolean)) {
    current = `${current}/${part}`;
    crumbs.push({ name: part, path: current });
  }
  return crumbs;
}

async function statAll(
  project: string,
  name: string,
  paths: string[],
  signal: AbortSignal,
): Promise<(InstanceFileInfo | undefined)[]> {
  const out: (InstanceFileInfo | undefined)[] = new Array<InstanceFileInfo | undefined>(
    paths.length,
  );
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const index = next++;
      try {
        out[index] = await statInstanceFile(project, name, paths[index] ?? '/', signal);
      } catch {
        out[index] = undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, paths.length) }, worker));
  return out;
}

export function filesQuery(project: string, name: string, path: string) {
  return queryOptions({
    queryKey: filesKeys.path(project, name, path),
    queryFn: async ({ signal }): Promise<FilesView> => {
      const read = await readInstancePath(project, name, path, signal);
      if (read.kind === 'file') return { kind: 'file', path };
      if (read.kind === 'symlink') return { kind: 'symlink', path, target: read.target };
      const sorted = [...read.entries].sort();
      const paths = sorted.map((entry) => joinPath(path, entry));
      const infos =
        sorted.length <= STAT_LIMIT ? await statAll(project, name, paths, signal) : undefined;
      return {
        kind: 'directory',
        path,
        entries: sorted.map((entry, index) => ({
          name: entry,
          path: paths[index] ?? entry,
          info: infos?.[index],
        })),
      };
    },
  });
}
