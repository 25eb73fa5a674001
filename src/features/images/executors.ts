/** The images list's bulk delete, run by the one bulk queue (registered by the images feature). */
import { deleteImage } from '../../lxd/endpoints/images';
import { operationId } from '../../lxd/operations';
import { refreshAfter, type BulkExecutors, type ExecutorContext } from '../../shared/bulk-queue';
import { imageKeys } from './queries';

export const IMAGE_DELETE = 'image.delete';

export interface ImageDeleteParams {
  fingerprint: string;
  project: string;
}

async function runDelete(params: ImageDeleteParams, context: ExecutorContext) {
  try {
    const result = await deleteImage(params.fingerprint, params.project);
    if (result.type === 'async') await context.waitLast(operationId(result), params.project);
  } finally {
    refreshAfter(context, imageKeys.all);
  }
}

export const imageBulkExecutors: BulkExecutors = { [IMAGE_DELETE]: runDelete };
