import type { GenerationStage } from './certificate';

export interface WorkerRequest {
  password: string;
  hostname: string;
}

export type WorkerReply =
  | { type: 'progress'; stage: GenerationStage }
  | { type: 'done'; crt: string; pfx: Uint8Array<ArrayBuffer> }
  | { type: 'error'; message: string };
