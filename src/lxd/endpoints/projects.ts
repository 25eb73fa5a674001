import { get, getWithEtag } from '../client';
import type { LxdProject } from '../types/project';

export function fetchProjects(signal?: AbortSignal): Promise<LxdProject[]> {
  return get<LxdProject[]>('/1.0/projects', { recursion: 1, signal });
}

export function fetchProject(name: string, signal?: AbortSignal): Promise<LxdProject> {
  return getWithEtag<LxdProject>(`/1.0/projects/${encodeURIComponent(name)}`, { signal });
}
