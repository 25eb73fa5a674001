/**
 * The cluster fan-out of networks and storage pools (spec §7, §8): objects with member-specific
 * config are written member by member with `?target=`, each write carrying only that member's
 * keys, and then once without a target with the shared config. The sequence stops at the first
 * failure; a member's failure reads 'Error from cluster member {member}: {message}'.
 */
import { get, LxdApiError } from './client';

/** Spec §8: how a member's failure during the fan-out reads. */
export function clusterMemberError(member: string, message: string): string {
  return `Error from cluster member ${member}: ${message}`;
}

/**
 * A fan-out that stopped part way. `member` is the member whose write failed (undefined when the
 * final shared write failed); `done` lists the members written before the failure.
 */
export class ClusterFanOutError extends LxdApiError {
  constructor(
    message: string,
    status: number,
    readonly member: string | undefined,
    readonly done: readonly string[],
    /** The final shared write failed (every member in `done` holds a definition). */
    readonly shared = false,
  ) {
    super(message, status);
  }
}

/**
 * How LXD reports that the shared write failed on another member than the one asked: the member
 * runs the creation and then tells each peer, by address (measured on 5.0.2: "failed to notify
 * peer 10.201.0.12:8443: Source path 'x' doesn't exist").
 */
const PEER_FAILURE = /^failed to notify peer (\S+:\d+): ([\s\S]*)$/;

/** The member whose URL is https://{address}, from the members list; undefined if unknown. */
export async function memberAtAddress(address: string): Promise<string | undefined> {
  try {
    const members = await get<{ server_name: string; url: string }[]>('/1.0/cluster/members', {
      recursion: 1,
    });
    return members.find((m) => m.url.replace(/^https:\/\//, '') === address)?.server_name;
  } catch {
    return undefined;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const statusOf = (error: unknown) => (error instanceof LxdApiError ? error.status : 0);

/**
 * Calls `send(member)` for each member in order, one after the other. The first failure stops
 * it and throws a ClusterFanOutError whose message names the member. Returns the members written.
 */
export async function fanOutToMembers(
  members: readonly string[],
  send: (member: string) => Promise<unknown>,
): Promise<string[]> {
  const done: string[] = [];
  for (const member of members) {
    try {
      await send(member);
    } catch (error) {
      throw new ClusterFanOutError(
        clusterMemberError(member, messageOf(error)),
        statusOf(error),
        member,
        [...done],
      );
    }
    done.push(member);
  }
  return done;
}

/**
 * The whole clustered write: every member first (`sendMember`), then the shared write
 * (`sendShared`). A failure of the shared write after members were written is thrown as a
 * ClusterFanOutError (`shared`) with LXD's own message, or, when LXD says another member failed
 * ("failed to notify peer <address>: …"), naming that member as the spec words it; with no
 * member written the shared write's error is thrown unchanged.
 */
export async function writeToCluster(
  members: readonly string[],
  sendMember: (member: string) => Promise<unknown>,
  sendShared: () => Promise<unknown>,
  memberOf: (address: string) => Promise<string | undefined> = memberAtAddress,
): Promise<void> {
  const done = await fanOutToMembers(members, sendMember);
  try {
    await sendShared();
  } catch (error) {
    if (done.length === 0) throw error;
    const peer = PEER_FAILURE.exec(messageOf(error));
    const member = peer?.[1] ? await memberOf(peer[1]) : undefined;
    throw new ClusterFanOutError(
      member && peer ? clusterMemberError(member, peer[2] ?? '') : messageOf(error),
      statusOf(error),
      member,
      done,
      true,
    );
  }
}

/**
 * Splits a config into the shared keys and the member-specific ones (`isMemberKey`), for a write
 * without a target (shared) and the writes with one (member).
 */
export function splitMemberConfig(
  config: Record<string, string>,
  isMemberKey: (key: string) => boolean,
): { shared: Record<string, string>; member: Record<string, string> } {
  const shared: Record<string, string> = {};
  const member: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (isMemberKey(key)) member[key] = value;
    else shared[key] = value;
  }
  return { shared, member };
}
