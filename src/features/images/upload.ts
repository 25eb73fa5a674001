/** The upload flow: send the file with progress, then wait for LXD to import it. */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createImageAlias,
  uploadImage,
  uploadProgress,
  type ImageUploadSource,
  type UploadProgress,
} from '../../lxd/endpoints/images';
import { formatBytes } from '../../shared/format/bytes';
import { useOperationEnd, useRefreshImages, fingerprintOf } from './actions';
import { reasonMessage } from './bulk';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: UploadProgress }
  | { phase: 'importing'; progress: UploadProgress }
  | {
      phase: 'done';
      progress: UploadProgress;
      fingerprint: string | undefined;
      aliasError?: string | undefined;
    }
  | { phase: 'failed'; error: string }
  | { phase: 'cancelled' };

export interface UploadRequest {
  project: string;
  source: ImageUploadSource;
  isPublic: boolean;
  alias?: string | undefined;
}

/** "42% · 1.2 MiB of 2.8 MiB" */
export function progressText(progress: UploadProgress): string {
  return `${progress.percentage}% · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function useImageUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const operationEnd = useOperationEnd();
  const refresh = useRefreshImages();

  // Leaving the page aborts an upload still being sent.
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = useCallback(
    async (request: UploadRequest): Promise<UploadState> => {
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'uploading', progress: uploadProgress(0, 0) });
      let last = uploadProgress(0, 0);
      try {
        const id = await uploadImage({
          project: request.project,
          source: request.source,
          isPublic: request.isPublic,
          signal: abort.signal,
          onProgress: (progress) => {
            last = progress;
            setState({ phase: 'uploading', progress });
          },
        });
        controller.current = null;
        last = uploadProgress(last.total, last.total);
        setState({ phase: 'importing', progress: last });
        const fingerprint = fingerprintOf(await operationEnd(id, request.project));
        let aliasError: string | undefined;
        const alias = request.alias?.trim();
        if (alias && fingerprint) {
          try {
            await createImageAlias(request.project, { target: fingerprint, name: alias });
          } catch (error) {
            aliasError = reasonMessage(error);
          }
        }
        await refresh();
        const end: UploadState = { phase: 'done', progress: last, fingerprint, aliasError };
        setState(end);
        return end;
      } catch (error) {
        controller.current = null;
        const end: UploadState = isAbort(error)
          ? { phase: 'cancelled' }
          : { phase: 'failed', error: reasonMessage(error) };
        setState(end);
        return end;
      }
    },
    [operationEnd, refresh],
  );

  /** Aborts the upload (xhr.abort()); the import itself cannot be stopped once LXD has it. */
  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  const reset = useCallback(() => {
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}
