/** Snapshots of an instance: list, create, rename, expiry, restore, delete. */
import { del, get, post, put } from '../client';
import type { LxdInstanceSnapshot, LxdSnapshotCreate } from '../types/snapshot';
import { instancePath, settle } from './instance-detail';

const snapshotsPath = (name: string) => `${instancePath(name)}/snapshots`;
const snapshotPath = (name: string, snapshot: string) =>
  `${snapshotsPath(name)}/${encodeURIComponent(snapshot)}`;

export function fetchSnapshots(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<LxdInstanceSnapshot[]> {
  return get<LxdInstanceSnapshot[] | null>(snapshotsPath(name), {
    project,
    recursion: 1,
    signal,
  }).then((list) => list ?? []);
}

export async function createSnapshot(project: string, name: string, body: LxdSnapshotCreate) {
  await settle(await post(snapshotsPath(name), body, { project }), project);
}

export async function renameSnapshot(project: string, name: string, from: string, to: string) {
  await settle(await post(snapshotPath(name, from), { name: to }, { project }), project);
}

/** PUT the expiry (`snapshot_expiry`; the zero date: never). */
export async function updateSnapshotExpiry(
  project: string,
  name: string,
  snapshot: string,
  expiresAt: string,
) {
  await settle(
    await put(snapshotPath(name, snapshot), { expires_at: expiresAt }, { project }),
    project,
  );
}

export async function deleteSnapshot(project: string, name: string, snapshot: string) {
  await settle(await del(snapshotPath(name, snapshot), { project }), project);
}

/** PUT /1.0/instances/{name} {restore, stateful}. */
export async function restoreSnapshot(
  project: string,
  name: string,
  snapshot: string,
  stateful = false,
) {
  await settle(
    await put(instancePath(name), { restore: snapshot, stateful }, { project }),
    project,
  );
}

/**
 * A new instance from a snapshot: POST /1.0/instances {source: copy of "name/snapshot"} with
 * the snapshot's profiles, config and devices (LXD 5.0 does not take them from the source).
 */
export async function instanceFromSnapshot(
  project: string,
  name: string,
  snapshot: Pick<LxdInstanceSnapshot, 'name' | 'profiles' | 'config' | 'devices'>,
  newName: string,
) {
  const config = Object.fromEntries(
    Object.entries(snapshot.config).filter(([key]) => !key.startsWith('volatile.')),
  );
  const body = {
    name: newName,
    profiles: snapshot.profiles,
    config,
    devices: snapshot.devices,
    source: { type: 'copy', source: `${name}/${snapshot.name}` },
  };
  await settle(await post('/1.0/instances', body, { project }), project);
}
