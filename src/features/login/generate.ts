/** Main-thread side of certificate generation: starts the worker and relays its progress. */
import type { ClientCertificate, GenerationStage } from './certificate';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

export type { ClientCertificate, GenerationStage };

export interface GenerationJob {
  result: Promise<ClientCertificate>;
  cancel: () => void;
}

export function generateInWorker(
  request: WorkerRequest,
  onProgress: (stage: GenerationStage) => void,
): GenerationJob {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  let settle: ((error?: Error) => void) | undefined;
  const result = new Promise<ClientCertificate>((resolve, reject) => {
    settle = (error) => {
      worker.terminate();
      if (error) reject(error);
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') {
        onProgress(reply.stage);
      } else if (reply.type === 'done') {
        worker.terminate();
        resolve({ crt: reply.crt, pfx: reply.pfx });
      } else {
        settle?.(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle?.(new Error(event.message || 'The certificate generator failed to start.'));
    };
  });
  worker.postMessage(request);
  return {
    result,
    cancel: () => settle?.(new Error('cancelled')),
  };
}
