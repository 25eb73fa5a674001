/**
 * The real three-member LXD cluster of the e2e run (scripts/cluster/up.sh, started by the global
 * setup): its fixed shape, an admin API client on m1, unique instance names, and stopping and
 * starting a member's daemon.
 */
import {
  readClusterEnv,
  startClusterMember as startMember,
  stopClusterMember as stopMember,
} from '../../scripts/lib/cluster';
import { LxdApi } from './lxd-api';

/** What up.sh builds: members, the group gA (m2), the dir pool `local`, the bridge `lxdcnet`. */
export const CLUSTER = {
  members: ['m1', 'm2', 'm3'],
  urls: {
    m1: 'https://10.201.0.11:8443',
    m2: 'https://10.201.0.12:8443',
    m3: 'https://10.201.0.13:8443',
  } as Record<string, string>,
  group: 'gA',
  pool: 'local',
  network: 'lxdcnet',
  image: 'busybox',
} as const;

/** LxdApi on m1 plus shorthands that wait for the operation LXD answers with. */
export class ClusterApi {
  constructor(readonly api: LxdApi) {}

  get<T>(path: string): Promise<T> {
    return this.api.get<T>(path);
  }
  post<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.api.run<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.api.run<T>('PUT', path, body);
  }
  patch<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.api.run<T>('PATCH', path, body);
  }
  del<T = unknown>(path: string): Promise<T> {
    return this.api.run<T>('DELETE', path);
  }

  /** A busybox container on `target` (a member or `@group`), started when asked. */
  async createInstance(name: string, target?: string, start = false): Promise<void> {
    const query = target ? `?target=${encodeURIComponent(target)}` : '';
    await this.post(`/1.0/instances${query}`, {
      name,
      type: 'container',
      source: { type: 'image', alias: CLUSTER.image },
    });
    // LXD 5.0.2 ignores "start": true (no instance_create_start).
    if (start) await this.api.setState(name, 'start');
  }

  async location(name: string): Promise<string> {
    return (await this.get<{ location: string }>(`/1.0/instances/${name}`)).location;
  }

  deleteInstance(name: string): Promise<void> {
    return this.api.deleteInstance(name);
  }

  dispose(): Promise<void> {
    return this.api.dispose();
  }
}

export async function clusterApi(): Promise<ClusterApi> {
  const env = readClusterEnv();
  if (!env) {
    throw new Error(
      'the e2e cluster is not running: the global setup starts it unless E2E_CLUSTER=0',
    );
  }
  return new ClusterApi(await LxdApi.openAt(env.url, env.cert, env.key));
}

let counter = 0;
/**
 * A unique instance name for the cluster. Container names share the host's cgroup namespace
 * (lxc.payload.<name>) with every other LXD on this machine, so cluster names carry `cl-`.
 */
export function clusterName(prefix: string): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-5);
  const random = Math.random().toString(36).slice(2, 6);
  return `cl-${prefix}-${stamp}${random}${counter}`.slice(0, 63);
}

/** Stops a member's daemon (its instances stop with it); for the offline-member test only. */
export function stopClusterMember(member: string): Promise<void> {
  return stopMember(member);
}

/** Starts a stopped member's daemon again (LXD restarts the instances that were running). */
export function startClusterMember(member: string): Promise<void> {
  return startMember(member);
}
