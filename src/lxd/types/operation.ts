export type OperationStatus =
  'Pending' | 'Running' | 'Success' | 'Failure' | 'Cancelled' | 'Cancelling';

export interface LxdOperation {
  id: string;
  class: 'task' | 'websocket' | 'token';
  description: string;
  created_at: string;
  updated_at: string;
  status: OperationStatus;
  status_code: number;
  resources: Record<string, string[]> | null;
  metadata: Record<string, unknown> | null;
  may_cancel: boolean;
  err: string;
  location: string;
  project?: string;
  /** Who started it (newer servers). */
  requestor?: { username: string; protocol: string; address?: string } | null;
}

export interface LxdOperationList {
  failure?: LxdOperation[];
  running?: LxdOperation[];
  success?: LxdOperation[];
}

/** An operation with the project it belongs to (LXD 5.0 does not name it). */
export interface ProjectOperation extends LxdOperation {
  project: string;
}
