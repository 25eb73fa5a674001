/** The Web Worker that creates the client certificate (node-forge lives only in this chunk). */
import { createClientCertificate } from './certificate';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerReply, transfer?: Transferable[]) => void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { password, hostname } = event.data;
  createClientCertificate({
    password,
    hostname,
    onProgress: (stage) => {
      scope.postMessage({ type: 'progress', stage });
    },
  }).then(
    ({ crt, pfx }) => {
      scope.postMessage({ type: 'done', crt, pfx }, [pfx.buffer]);
    },
    (error: unknown) => {
      scope.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    },
  );
};
