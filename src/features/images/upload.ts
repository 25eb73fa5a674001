/** The image upload: send the file with progress, then wait for LXD to import it, then alias it. */
import { useCallback } from 'react';
import { createImageAlias, uploadImage, type ImageUploadSource } from '../../lxd/endpoints/images';
import { useUploadFlow, type UploadFlowIo } from '../../shared/ui/upload/useUploadFlow';
import { useOperationEnd, useRefreshImages, fingerprintOf } from './actions';
import { errorText } from '../../shared/notifications';

export interface UploadRequest {
  project: string;
  source: ImageUploadSource;
  isPublic: boolean;
  alias?: string | undefined;
}

interface UploadDone {
  fingerprint: string | undefined;
  aliasError?: string | undefined;
}

export function useImageUpload() {
  const operationEnd = useOperationEnd();
  const refresh = useRefreshImages();
  const run = useCallback(
    async (request: UploadRequest, io: UploadFlowIo): Promise<UploadDone> => {
      const id = await uploadImage({
        project: request.project,
        source: request.source,
        isPublic: request.isPublic,
        signal: io.signal,
        onProgress: io.onProgress,
      });
      io.sent();
      const fingerprint = fingerprintOf(await operationEnd(id, request.project));
      let aliasError: string | undefined;
      const alias = request.alias?.trim();
      if (alias && fingerprint) {
        try {
          await createImageAlias(request.project, { target: fingerprint, name: alias });
        } catch (error) {
          aliasError = errorText(error);
        }
      }
      await refresh();
      return { fingerprint, aliasError };
    },
    [operationEnd, refresh],
  );
  return useUploadFlow(run, { errorText });
}
