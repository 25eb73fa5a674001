/**
 * A member's state (GET /1.0/cluster/members/{name}/state, API extension `cluster_member_state`)
 * in words: uptime, load averages, memory and swap, and each storage pool's space.
 */
import type { LxdClusterMemberState } from '../../lxd/types/cluster';
import { formatBytes } from '../../shared/format/bytes';

/** The extension that added the endpoint (LXD 5.11; LXD 5.0 does not have it). */
export const MEMBER_STATE_EXTENSION = 'cluster_member_state';

export const MEMBER_STATE_UNAVAILABLE =
  'This LXD server does not report the state of its members (load, memory, storage pools): that needs LXD 5.11 or later (API extension cluster_member_state).';

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/** "3 days, 4 hours", "2 hours, 5 minutes", "7 minutes", "42 seconds": the two largest units. */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '-';
  const whole = Math.floor(seconds);
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  if (days > 0) return `${count(days, 'day')}, ${count(hours, 'hour')}`;
  if (hours > 0) return `${count(hours, 'hour')}, ${count(minutes, 'minute')}`;
  if (minutes > 0) return count(minutes, 'minute');
  return count(whole, 'second');
}

/** "0.52, 0.48, 0.40" (over 1, 5 and 15 minutes), two decimals as `uptime` prints them. */
export function formatLoadAverages(loads: readonly number[] | null | undefined): string {
  if (!loads || loads.length === 0) return '-';
  return loads.map((load) => load.toFixed(2)).join(', ');
}

/** "2.0 GiB used of 8.0 GiB (25%)". */
export function usedOfTotal(used: number, total: number): string {
  const percent = total > 0 ? Math.round((Math.max(0, used) / total) * 100) : 0;
  return `${formatBytes(Math.max(0, used))} used of ${formatBytes(total)} (${percent}%)`;
}

export interface MemberStateFacts {
  uptime: string;
  load: string;
  /** In use: neither free nor kernel buffers (sysinfo has no page cache figure). */
  memory: string;
  /** undefined: the host has no swap. */
  swap: string | undefined;
  processes: number;
  cpus: number;
}

export function memberStateFacts({ sysinfo }: LxdClusterMemberState): MemberStateFacts {
  const memoryUsed = sysinfo.total_ram - sysinfo.free_ram - sysinfo.buffered_ram;
  return {
    uptime: formatUptime(sysinfo.uptime),
    load: formatLoadAverages(sysinfo.load_averages),
    memory: usedOfTotal(memoryUsed, sysinfo.total_ram),
    swap:
      sysinfo.total_swap > 0
        ? usedOfTotal(sysinfo.total_swap - sysinfo.free_swap, sysinfo.total_swap)
        : undefined,
    processes: sysinfo.processes,
    cpus: sysinfo.logical_cpus,
  };
}

export interface MemberPoolRow {
  name: string;
  used: number;
  total: number;
  /** "used of total" of the inodes; undefined where the driver does not count them. */
  inodes: string | undefined;
}

/** The storage pools of the member's state, by name. */
export function memberPoolRows(state: LxdClusterMemberState): MemberPoolRow[] {
  return Object.entries(state.storage_pools ?? {})
    .map(([name, pool]) => ({
      name,
      used: pool.space.used ?? 0,
      total: pool.space.total,
      inodes:
        pool.inodes && pool.inodes.total > 0
          ? `${pool.inodes.used.toLocaleString('en')} of ${pool.inodes.total.toLocaleString('en')}`
          : undefined,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
