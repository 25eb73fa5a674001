/**
 * Storage volume calls (spec §7 leaves their shape to the LXD reference, doc/rest-api.yaml).
 * Listing goes pool by pool: LXD 5.0 has no cross-pool `GET /1.0/storage-volumes`.
 */
import { get } from '../client';
import type { LxdStoragePool, LxdStorageVolume } from '../types/storage';

const seg = encodeURIComponent;

export const storagePoolPath = (pool: string) => `/1.0/storage-pools/${seg(pool)}`;
export const storageVolumePath = (pool: string, type: string, name: string) =>
  `${storagePoolPath(pool)}/volumes/${seg(type)}/${seg(name)}`;

/** GET /1.0/storage-pools?recursion=1 (pools are global; `project` only scopes used_by). */
export function fetchStoragePools(
  project: string,
  signal?: AbortSignal,
): Promise<LxdStoragePool[]> {
  return get<LxdStoragePool[] | null>('/1.0/storage-pools', { project, recursion: 1, signal }).then(
    (pools) => pools ?? [],
  );
}

/** GET /1.0/storage-pools/{pool}/volumes?recursion=1&project=, each volume with its pool. */
export async function fetchPoolVolumes(
  project: string,
  pool: string,
  options: { target?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<LxdStorageVolume[]> {
  const volumes = await get<LxdStorageVolume[] | null>(`${storagePoolPath(pool)}/volumes`, {
    project,
    recursion: 1,
    target: options.target,
    signal: options.signal,
  });
  return (volumes ?? []).map((volume) => ({ ...volume, pool: volume.pool || pool }));
}

/** The volumes of every pool, for one project (one request per pool, in parallel). */
export async function fetchProjectVolumes(
  project: string,
  signal?: AbortSignal,
): Promise<LxdStorageVolume[]> {
  const pools = await fetchStoragePools(project, signal);
  const perPool = await Promise.all(
    pools.map((pool) => fetchPoolVolumes(project, pool.name, { signal })),
  );
  return perPool.flat();
}
