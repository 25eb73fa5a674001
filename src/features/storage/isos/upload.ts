/** The ISO upload flow: send the file with progress, then wait for LXD to write it to the pool. */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  uploadIsoVolume,
  type UploadProgress,
  type UploadXhr,
} from '../../../lxd/endpoints/storage-isos';
import { uploadProgress } from '../../../lxd/endpoints/images';
import { waitForOperation } from '../../../lxd/operations';
import { formatBytes } from '../../../shared/format/bytes';
import { useRefreshStorage } from './queries';

export type IsoUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: UploadProgress }
  | { phase: 'importing'; progress: UploadProgress }
  | { phase: 'done'; progress: UploadProgress; name: string; pool: string }
  | { phase: 'failed'; error: string }
  | { phase: 'cancelled' };

export interface IsoUploadRequest {
  project: string;
  pool: string;
  name: string;
  file: File;
}

/** "42% · 1.2 MiB of 2.8 MiB" */
export function progressText(progress: UploadProgress): string {
  return `${progress.percentage}% · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useIsoUpload(createXhr?: () => UploadXhr) {
  const [state, setState] = useState<IsoUploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const refresh = useRefreshStorage();

  // Leaving the page aborts an upload still being sent.
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = useCallback(
    async (request: IsoUploadRequest): Promise<IsoUploadState> => {
      const abort = new AbortController();
      controller.current = abort;
      let last = uploadProgress(0, request.file.size);
      setState({ phase: 'uploading', progress: last });
      try {
        const operation = await uploadIsoVolume({
          project: request.project,
          pool: request.pool,
          name: request.name,
          file: request.file,
          signal: abort.signal,
          createXhr,
          onProgress: (progress) => {
            last = progress;
            setState({ phase: 'uploading', progress });
          },
        });
        controller.current = null;
        last = uploadProgress(last.total, last.total);
        setState({ phase: 'importing', progress: last });
        if (operation) await waitForOperation(operation, { project: request.project });
        await refresh();
        const end: IsoUploadState = {
          phase: 'done',
          progress: last,
          name: request.name,
          pool: request.pool,
        };
        setState(end);
        return end;
      } catch (error) {
        controller.current = null;
        const end: IsoUploadState = isAbort(error)
          ? { phase: 'cancelled' }
          : { phase: 'failed', error: errorMessage(error) };
        setState(end);
        return end;
      }
    },
    [createXhr, refresh],
  );

  /** Aborts the upload (xhr.abort()); once LXD has the file, writing it cannot be stopped. */
  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  const reset = useCallback(() => {
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}
