import { del, get, put } from '../../lxd/client';

export type WarningStatus = 'new' | 'acknowledged' | 'resolved';
export type WarningSeverity = 'low' | 'moderate' | 'high';

/** GET /1.0/warnings?recursion=1 item. */
export interface LxdWarning {
  uuid: string;
  location: string;
  /** '' for server-wide warnings. */
  project: string;
  type: string;
  count: number;
  first_seen_at: string;
  last_seen_at: string;
  last_message: string;
  severity: WarningSeverity;
  status: WarningStatus;
  entity_url: string;
}

/** The server's warnings, every project included. */
export function fetchWarnings(signal?: AbortSignal): Promise<LxdWarning[]> {
  return get<LxdWarning[] | null>('/1.0/warnings', { recursion: 1, signal }).then(
    (list) => list ?? [],
  );
}

export async function acknowledgeWarning(uuid: string): Promise<void> {
  await put(`/1.0/warnings/${encodeURIComponent(uuid)}`, { status: 'acknowledged' });
}

export async function deleteWarning(uuid: string): Promise<void> {
  await del(`/1.0/warnings/${encodeURIComponent(uuid)}`);
}
