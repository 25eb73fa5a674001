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

/** An image to delete: its fingerprint, its project, and how messages name it. */
export interface DeleteTarget {
  fingerprint: string;
  project: string;
  label: string;
}

/** Deletes one image and waits for the end of its operation (the list is refreshed apart). */
export function useDeleteImage() {
  const writeEnd = useWriteEnd();
  return useCallback(
    async ({ fingerprint, project }: DeleteTarget) =>
      writeEnd(await deleteImage(fingerprint, project), project),
    [writeEnd],
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
