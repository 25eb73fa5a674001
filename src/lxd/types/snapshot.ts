import type { LxdDevice } from './instance';

/** GET /1.0/instances/{name}/snapshots?recursion=1 */
export interface LxdInstanceSnapshot {
  name: string;
  created_at: string;
  /** The zero date when the snapshot never expires. */
  expires_at: string;
  last_used_at: string;
  stateful: boolean;
  ephemeral: boolean;
  architecture: string;
  /** Bytes used on disk (`snapshot_disk_usage`); -1 or absent when unknown. */
  size?: number;
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
  profiles: string[];
  description?: string;
}

/** POST /1.0/instances/{name}/snapshots */
export interface LxdSnapshotCreate {
  name: string;
  stateful?: boolean;
  /** RFC 3339; omitted for the instance's own snapshots.expiry rule. */
  expires_at?: string;
}
