/**
 * Network calls (spec §7 leaves their shape to the LXD reference, doc/rest-api.yaml).
 *
 * In a cluster, a network's member-specific keys (`parent`, `bridge.external_interfaces`, …,
 * LXD's `NodeSpecificNetworkConfig`) are written member by member with `?target=` before the
 * shared config, through the generic fan-out of ../cluster-fanout.ts:
 * - create: POST ?target={member} {name, type, config: that member's keys} for every member (LXD
 *   keeps a "Pending" definition), then POST {name, type, description, config: shared keys},
 *   which creates the network everywhere. OVN networks have no member-specific config (LXD
 *   refuses `target` for them): they are created with the shared POST only.
 * - update: PATCH ?target={member} {description, config: that member's keys} (PATCH keeps the
 *   member's other keys; a PUT with a target would apply a config without them), then PUT
 *   {description, config: shared keys} with If-Match.
 */
import { writeToCluster } from '../cluster-fanout';
import { del, get, getWithEtag, patch, post, put, type LxdResult, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import { urlNames } from '../url-name';
import type {
  LxdNetwork,
  LxdNetworkLease,
  LxdNetworkPut,
  LxdNetworksPost,
  LxdNetworkState,
} from '../types/network';
import { nameExists } from './names';

export const networkPath = (name: string) => `/1.0/networks/${encodeURIComponent(name)}`;

/**
 * Config keys that belong to one cluster member (LXD's `NodeSpecificNetworkConfig`). A GET
 * without a target leaves them out of a clustered network's config; a write without a target
 * must not carry them, a write with one may change only them.
 */
export const NETWORK_MEMBER_KEYS = [
  'bgp.ipv4.nexthop',
  'bgp.ipv6.nexthop',
  'bridge.external_interfaces',
  'parent',
  'acceleration.parent',
] as const;

export function isNetworkMemberKey(key: string): boolean {
  return (NETWORK_MEMBER_KEYS as readonly string[]).includes(key);
}

/** Network types that take member-specific config (LXD refuses `target` for OVN networks). */
export function hasMemberConfig(type: string): boolean {
  return type !== 'ovn';
}

/** Writes may answer synchronously or with an operation (networks: LXD 6.8+): wait for either. */
async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

/**
 * GET /1.0/networks?recursion=1&project= (managed networks and the host's interfaces), with the
 * caller's entitlements on each when `entitlements` is given (fine-grained identities).
 */
export function fetchNetworks(
  project: string,
  signal?: AbortSignal,
  entitlements?: string,
): Promise<LxdNetwork[]> {
  return get<LxdNetwork[] | null>('/1.0/networks', {
    project,
    recursion: 1,
    params: { 'with-access-entitlements': entitlements },
    signal,
  }).then((networks) => (networks ?? []).map(withDefaults));
}

/** LXD may leave out an empty config or description (older servers, host interfaces). */
function withDefaults<T extends LxdNetwork>(network: T): T {
  const partial: Partial<LxdNetwork> = network;
  return { ...network, config: partial.config ?? {}, description: partial.description ?? '' };
}

/**
 * GET /1.0/networks/{name}?project (with `target`: that member's view, member-specific keys
 * included), keeping the ETag for a later If-Match write.
 */
export async function fetchNetwork(
  project: string,
  name: string,
  options: {
    target?: string | undefined;
    entitlements?: string | undefined;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<WithEtag<LxdNetwork>> {
  const network = await getWithEtag<LxdNetwork>(networkPath(name), {
    project,
    target: options.target,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
  return withDefaults(network);
}

/** GET /1.0/networks/{name}/state (addresses, counters; `target` picks the member). */
export function fetchNetworkState(
  project: string,
  name: string,
  options: { target?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<LxdNetworkState> {
  return get<LxdNetworkState>(`${networkPath(name)}/state`, { project, ...options });
}

/** GET /1.0/networks/{name}/leases (managed bridges and OVN networks). */
export function fetchNetworkLeases(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<LxdNetworkLease[]> {
  return get<LxdNetworkLease[] | null>(`${networkPath(name)}/leases`, { project, signal }).then(
    (leases) => leases ?? [],
  );
}

/** Spec §7 name check: GET /1.0/networks/{name}?project; 404 = free. Abort it through `signal`. */
export function networkNameExists(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  return nameExists('networks', name, signal ? { project, signal } : { project });
}

/** POST /1.0/networks?project (a standalone server). */
export async function createNetwork(project: string, body: LxdNetworksPost): Promise<void> {
  await settled(await post('/1.0/networks', body, { project }), project);
}

/** One member's share of a clustered write: only member-specific keys. */
export interface NetworkMemberConfig {
  member: string;
  config: Record<string, string>;
}

const sharedOnly = (config: Record<string, string>) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !isNetworkMemberKey(key)));

/**
 * Clustered creation: POST ?target={member} with that member's keys, member after member, then
 * the shared POST. A member's failure stops it with 'Error from cluster member {member}: …'
 * (ClusterFanOutError); the network is then left Pending on the members already written.
 */
export async function createClusteredNetwork(
  project: string,
  body: LxdNetworksPost,
  members: readonly NetworkMemberConfig[],
): Promise<void> {
  const byMember = new Map(members.map((entry) => [entry.member, entry.config]));
  await writeToCluster(
    hasMemberConfig(body.type) ? members.map((entry) => entry.member) : [],
    async (member) => {
      const result = await post(
        '/1.0/networks',
        { name: body.name, type: body.type, config: byMember.get(member) ?? {} },
        { project, target: member },
      );
      await settled(result, project);
    },
    () => createNetwork(project, { ...body, config: sharedOnly(body.config) }),
  );
}

/** PUT /1.0/networks/{name}?project with If-Match (412 when it changed since it was read). */
export async function updateNetwork(
  project: string,
  name: string,
  body: LxdNetworkPut,
  etag: string | undefined,
): Promise<void> {
  await settled(await put(networkPath(name), body, { project, etag }), project);
}

/**
 * Clustered update: PATCH ?target={member} with each member's keys (a removed key goes as an
 * empty value) and the description, member after member, then PUT the shared config with
 * If-Match.
 */
export async function updateClusteredNetwork(
  project: string,
  name: string,
  body: LxdNetworkPut,
  members: readonly NetworkMemberConfig[],
  etag: string | undefined,
): Promise<void> {
  const byMember = new Map(members.map((entry) => [entry.member, entry.config]));
  await writeToCluster(
    members.map((entry) => entry.member),
    async (member) => {
      const result = await patch(
        networkPath(name),
        { description: body.description, config: byMember.get(member) ?? {} },
        { project, target: member },
      );
      await settled(result, project);
    },
    () => updateNetwork(project, name, { ...body, config: sharedOnly(body.config) }, etag),
  );
}

/** POST /1.0/networks/{name}?project {name}. */
export async function renameNetwork(project: string, name: string, newName: string) {
  await settled(await post(networkPath(name), { name: newName }, { project }), project);
}

/** DELETE /1.0/networks/{name}?project. */
export async function deleteNetwork(project: string, name: string): Promise<void> {
  await settled(await del(networkPath(name), { project }), project);
}

/** GET /1.0/network-acls?project: the ACL names a network's `security.acls` can list. */
export async function fetchNetworkAclNames(
  project: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const urls = (await get<string[] | null>('/1.0/network-acls', { project, signal })) ?? [];
  return urlNames(urls);
}
