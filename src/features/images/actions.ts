/**
 * Image writes as hooks: every asynchronous answer is tracked to its end through the event
 * stream's operation tracker, and the image list is refreshed afterwards.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LxdResult } from '../../lxd/client';
import {
  createImageAlias,
  deleteImage,
  deleteImageAlias,
  publishImage,
} from '../../lxd/endpoints/images';
import { operationId } from '../../lxd/operations';
import type { LxdImagePublish } from '../../lxd/types/image';
import type { LxdOperation } from '../../lxd/types/operation';
import { useOperationTracker } from '../../shared/events';
import { runInParallel, type BulkOutcome } from './bulk';
import { imageKeys } from './queries';

/** Waits for the end of an operation: resolves on Success, rejects with LXD's error text. */
export function useOperationEnd() {
  const { trackOperation } = useOperationTracker();
  return useCallback(
    (id: string, project: string) =>
      new Promise<LxdOperation | undefined>((resolve, reject) => {
        trackOperation(
          id,
          {
            onSuccess: resolve,
            onFailure: (message) => {
              reject(new Error(message));
            },
            // Ended so long ago that LXD forgot it: the outcome is unknown, but it is over.
            onFinish: () => {
              resolve(undefined);
            },
          },
          { project },
        );
      }),
    [trackOperation],
  );
}

/** Resolves when a write is done: at once for a sync answer, at the operation's end otherwise. */
export function useWriteEnd() {
  const operationEnd = useOperationEnd();
  return useCallback(
    async (result: LxdResult<unknown>, project: string) =>
      result.type === 'async' ? operationEnd(operationId(result), project) : undefined,
    [operationEnd],
  );
}

export function useRefreshImages() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: imageKeys.all }), [client]);
}

/** The outcome key of one deletion: "<project>/<fingerprint>". */
export function deleteKey(target: { fingerprint: string; project: string }): string {
  return `${target.project}/${target.fingerprint}`;
}

/** Deletes images in parallel, each tracked to its end, and counts the outcomes. */
export function useDeleteImages() {
  const writeEnd = useWriteEnd();
  const refresh = useRefreshImages();
  return useCallback(
    async (targets: readonly { fingerprint: string; project: string }[]): Promise<BulkOutcome> => {
      const byKey = new Map(targets.map((target) => [deleteKey(target), target]));
      const outcome = await runInParallel([...byKey.keys()], async (key) => {
        const { fingerprint, project } = byKey.get(key) ?? { fingerprint: key, project: '' };
        return writeEnd(await deleteImage(fingerprint, project), project);
      });
      await refresh();
      return outcome;
    },
    [writeEnd, refresh],
  );
}

export function useImageAliases() {
  const refresh = useRefreshImages();
  const add = useCallback(
    async (project: string, target: string, name: string) => {
      await createImageAlias(project, { target, name });
      await refresh();
    },
    [refresh],
  );
  const remove = useCallback(
    async (project: string, name: string) => {
      await deleteImageAlias(project, name);
      await refresh();
    },
    [refresh],
  );
  return { add, remove };
}

/** Publishes an instance or snapshot as an image; resolves with the new image's fingerprint. */
export function usePublishImage() {
  const writeEnd = useWriteEnd();
  const refresh = useRefreshImages();
  return useCallback(
    async (project: string, body: LxdImagePublish): Promise<string | undefined> => {
      const operation = await writeEnd(await publishImage(project, body), project);
      await refresh();
      return fingerprintOf(operation);
    },
    [writeEnd, refresh],
  );
}

/** The image fingerprint an import or publish operation reports in its metadata. */
export function fingerprintOf(operation: LxdOperation | undefined): string | undefined {
  const value = operation?.metadata?.fingerprint;
  return typeof value === 'string' && value ? value : undefined;
}
