/**
 * Spec §7 name check: GET /1.0/{collection}/{name}?project. A 404 answer means the name is free;
 * any other error is thrown. The request is aborted through `signal` when the name changes again.
 */
import { get, isNotFound } from '../client';

export async function nameExists(
  collection: string,
  name: string,
  options: { project?: string; signal?: AbortSignal } = {},
): Promise<boolean> {
  try {
    await get(`/1.0/${collection}/${encodeURIComponent(name)}`, options);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}
