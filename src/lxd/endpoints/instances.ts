import { get } from '../client';
import type { LxdInstance } from '../types/instance';

/** The instances of one project with their configuration (recursion=1: no live state). */
export function fetchInstances(project: string, signal?: AbortSignal): Promise<LxdInstance[]> {
  return get<LxdInstance[]>('/1.0/instances', { project, recursion: 1, signal });
}

/** Every instance the user may see, across projects. */
export function fetchAllProjectsInstances(signal?: AbortSignal): Promise<LxdInstance[]> {
  return get<LxdInstance[]>('/1.0/instances', {
    recursion: 1,
    params: { 'all-projects': true },
    signal,
  });
}
