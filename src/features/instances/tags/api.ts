/**
 * Writing an instance's tags to LXD: PATCH /1.0/instances/{name}?project= with only
 * `{config: {"user.tags": …}}` (LXD keeps every other key), sent with the ETag the instance was
 * read with, so that a change made meanwhile answers 412 instead of being overwritten.
 */
import { isEtagConflict, patch, type RequestOptions } from '../../../lxd/client';
import { fetchInstance } from '../../../lxd/endpoints/instances';
import { instancePath, settle } from '../../../lxd/endpoints/instance-detail';
import { applyChange, formatTags, parseTags, sameTags, TAGS_KEY, type TagChange } from './tags';

export interface TagTarget {
  name: string;
  project: string;
  /** The remote the instance is on (a fleet list); the page's remote otherwise. */
  remote?: RequestOptions['remote'];
}

/** PATCHes `user.tags` to `tags`, with If-Match when an ETag is given (412: changed meanwhile). */
export async function saveTags(
  instance: TagTarget,
  tags: readonly string[],
  etag: string | undefined,
): Promise<void> {
  const options = { project: instance.project, etag, remote: instance.remote };
  const answer = await patch(
    instancePath(instance.name),
    { config: { [TAGS_KEY]: formatTags(tags) } },
    options,
  );
  await settle(answer, instance.project);
}

/** How often a change is read again and retried when the instance changed between read and write. */
const CONFLICT_ATTEMPTS = 3;

/**
 * Reads the instance's current `user.tags`, applies the change and PATCHes the result (nothing
 * is sent when the tags stay the same). Used for each instance of a bulk tag. Returns the tags.
 */
export async function applyTagChange(instance: TagTarget, change: TagChange): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await fetchInstance(
      instance.project,
      instance.name,
      undefined,
      undefined,
      instance.remote,
    );
    const before = parseTags(current.config[TAGS_KEY]);
    const after = applyChange(before, change);
    if (sameTags(before, after)) return after;
    try {
      await saveTags(instance, after, current.etag);
      return after;
    } catch (error) {
      if (!isEtagConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
    }
  }
}
