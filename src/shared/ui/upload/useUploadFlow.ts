/**
 * The flow of a file upload to LXD (images, custom ISOs): the file is sent with progress (and
 * can be cancelled), then LXD imports it (an operation that cannot be stopped), then it is done
 * with what the caller's `run` returned, or failed, or cancelled. Leaving the page aborts an
 * upload still being sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadProgress, type UploadProgress } from '../../../lxd/upload';

export type UploadFlowState<Done extends object> =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: UploadProgress }
  | { phase: 'importing'; progress: UploadProgress }
  | ({ phase: 'done'; progress: UploadProgress } & Done)
  | { phase: 'failed'; error: string }
  | { phase: 'cancelled' };

/** What `run` gets: the abort signal and progress for the send, and `sent()` once LXD has it. */
export interface UploadFlowIo {
  signal: AbortSignal;
  onProgress: (progress: UploadProgress) => void;
  sent: () => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useUploadFlow<Request, Done extends object>(
  run: (request: Request, io: UploadFlowIo) => Promise<Done>,
  options: { size?: (request: Request) => number; errorText?: (error: unknown) => string } = {},
) {
  const [state, setState] = useState<UploadFlowState<Done>>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ run, options });
  useEffect(() => {
    latest.current = { run, options };
  });
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = useCallback(async (request: Request): Promise<UploadFlowState<Done>> => {
    const { run: send, options: current } = latest.current;
    const abort = new AbortController();
    controller.current = abort;
    const size = current.size?.(request) ?? 0;
    let last = uploadProgress(0, size);
    setState({ phase: 'uploading', progress: last });
    try {
      const done = await send(request, {
        signal: abort.signal,
        onProgress: (progress) => {
          last = progress;
          setState({ phase: 'uploading', progress });
        },
        sent: () => {
          controller.current = null;
          last = uploadProgress(last.total, last.total);
          setState({ phase: 'importing', progress: last });
        },
      });
      const end: UploadFlowState<Done> = { ...done, phase: 'done', progress: last };
      setState(end);
      return end;
    } catch (error) {
      controller.current = null;
      const end: UploadFlowState<Done> = isAbort(error)
        ? { phase: 'cancelled' }
        : { phase: 'failed', error: (current.errorText ?? messageOf)(error) };
      setState(end);
      return end;
    }
  }, []);

  /** Aborts the send (xhr.abort()); once LXD has the file, its import cannot be stopped. */
  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  const reset = useCallback(() => {
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}
