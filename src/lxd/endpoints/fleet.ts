/**
 * One remote's summary for the fleet screens, asked of that remote by name (`request` with
 * `remote`; null is the console server's default remote): the server, its members (a standalone
 * server is one member, `none`) with their CPU threads and memory, every instance of every
 * project with its expanded configuration (no live state), and its warnings. A part the identity
 * may not read (a restricted certificate: resources, warnings) is left out, not an error.
 */
import { get, isNotFound, LxdApiError } from '../client';
import type { LxdClusterMember } from '../types/cluster';
import type { LxdInstance } from '../types/instance';
import type { LxdResources } from '../types/resources';
import type { LxdServer } from '../types/server';
import type { LxdWarning } from '../types/warning';

export interface FleetMember {
  /** `none` for a standalone server (LXD's location of its instances). */
  name: string;
  status: string;
  /** CPU threads and bytes of memory; undefined when the identity may not read them. */
  cpu: number | undefined;
  memory: number | undefined;
}

export type FleetInstance = Pick<
  LxdInstance,
  'name' | 'project' | 'status' | 'type' | 'location' | 'expanded_config'
>;

export interface RemoteSummary {
  server: LxdServer;
  members: FleetMember[];
  instances: FleetInstance[];
  /** undefined when the identity may not list them. */
  warnings: Pick<LxdWarning, 'severity' | 'status'>[] | undefined;
}

/** A part the identity may not read (403), or that the server does not have (404). */
function refused(error: unknown): boolean {
  return isNotFound(error) || (error instanceof LxdApiError && error.status === 403);
}

async function optional<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (refused(error)) return undefined;
    throw error;
  }
}

export async function fetchRemoteSummary(
  remote: string | null,
  signal?: AbortSignal,
): Promise<RemoteSummary> {
  const on = { remote, signal };
  const [server, instances, warnings] = await Promise.all([
    get<LxdServer>('/1.0', on),
    get<LxdInstance[] | null>('/1.0/instances', {
      ...on,
      recursion: 1,
      params: { 'all-projects': true },
    }),
    optional(get<LxdWarning[] | null>('/1.0/warnings', { ...on, recursion: 1 })),
  ]);
  const resources = (target?: string) =>
    optional(get<LxdResources>('/1.0/resources', { ...on, ...(target ? { target } : {}) }));
  let members: FleetMember[];
  if (server.environment?.server_clustered) {
    const list = await get<LxdClusterMember[]>('/1.0/cluster/members', { ...on, recursion: 1 });
    members = await Promise.all(
      list.map(async (member) => {
        // An offline member does not answer for its resources: it is listed without them.
        const own = member.status === 'Online' ? await resources(member.server_name) : undefined;
        return {
          name: member.server_name,
          status: member.status,
          cpu: own?.cpu?.total,
          memory: own?.memory?.total,
        };
      }),
    );
  } else {
    const own = await resources();
    members = [
      { name: 'none', status: 'Online', cpu: own?.cpu?.total, memory: own?.memory?.total },
    ];
  }
  return {
    server,
    members,
    instances: (instances ?? []).map(
      ({ name, project, status, type, location, expanded_config }) => ({
        name,
        project,
        status,
        type,
        location,
        expanded_config: expanded_config ?? {},
      }),
    ),
    warnings: warnings === undefined ? undefined : (warnings ?? []),
  };
}
