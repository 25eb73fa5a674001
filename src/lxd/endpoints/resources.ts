import { get } from '../client';
import type { LxdResources } from '../types/resources';

/** GET /1.0/resources, of one cluster member when `target` is given. */
export function fetchResources(target?: string, signal?: AbortSignal): Promise<LxdResources> {
  return get<LxdResources>('/1.0/resources', { target, signal });
}
