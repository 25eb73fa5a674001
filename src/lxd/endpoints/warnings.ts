import { del, get, put } from '../client';
import type { LxdWarning } from '../types/warning';

const warningPath = (uuid: string) => `/1.0/warnings/${encodeURIComponent(uuid)}`;

/** The server's warnings, every project included. */
export function fetchWarnings(signal?: AbortSignal): Promise<LxdWarning[]> {
  return get<LxdWarning[] | null>('/1.0/warnings', { recursion: 1, signal }).then(
    (list) => list ?? [],
  );
}

export async function acknowledgeWarning(uuid: string): Promise<void> {
  await put(warningPath(uuid), { status: 'acknowledged' });
}

export async function deleteWarning(uuid: string): Promise<void> {
  await del(warningPath(uuid));
}
