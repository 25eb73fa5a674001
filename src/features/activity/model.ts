/**
 * What the activity tables make of an entry: this tab's own events as entries (when there is no
 * journal), where an entry's resource has its page, and how its user reads.
 */
import { resourceTypeOf } from '../../lxd/activity';
import { parseUsedBy } from '../../lxd/used-by';
import { usedByPath } from '../../shared/ui/UsedByList';
import { paths } from '../../shared/routing/paths';
import { activitySearch, type ActivityEntry, type ActivityFilter } from './api';
import type { SessionEvent } from './events';

export { resourceTypeOf };

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/**
 * A resource's name as the journal shows it, from its path: `c1`, `c1/snap0`, `pool/custom/vol`
 * (the console server's rule).
 */
export function displayName(path: string): string {
  const rest = path.split('/').filter(Boolean).map(decode).slice(1);
  if (rest[0] === 'storage-pools' && rest[2] === 'volumes') {
    return [rest[1], rest[3], rest[4], rest[6]].filter(Boolean).join('/');
  }
  const named: string[] = [];
  for (let i = 1; i < rest.length; i += 2) named.push(rest[i] ?? '');
  return named.join('/');
}

const converted = new WeakMap<SessionEvent, ActivityEntry>();

/**
 * One of this tab's lifecycle events as a journal entry (on `remote`, the page's), made as the
 * console server makes its entries.
 */
export function sessionEntry(record: SessionEvent, remote: string): ActivityEntry {
  const known = converted.get(record);
  if (known && known.remote === remote) return known;
  const { event } = record;
  const { metadata } = event;
  const source = metadata.source || '';
  const [path = '', query = ''] = source.split('?', 2);
  const requestor = metadata.requestor ?? {};
  const entry: ActivityEntry = {
    id: `session-${String(record.seq)}`,
    time: event.timestamp,
    kind: 'lifecycle',
    action: metadata.action,
    outcome: 'success',
    remote,
    project:
      metadata.project || event.project || new URLSearchParams(query).get('project') || 'default',
    resourceType: resourceTypeOf(metadata.action),
    resource: source,
    name: metadata.name || displayName(path),
    user: requestor.username ?? '',
    identity: requestor.protocol === 'unix' ? (requestor.username ?? '') : '',
    protocol: requestor.protocol ?? '',
    address: requestor.address ?? '',
    consoleUser: null,
    viaConsole: false,
    message: '',
    until: null,
  };
  converted.set(record, entry);
  return entry;
}

const FINGERPRINT = /^[0-9a-f]{64}$/i;

/**
 * Who an entry says acted, as LXD knows them: the identity's name, else LXD's user (a TLS
 * client's certificate fingerprint shortened to 12 characters, as `lxc` lists them); '' when
 * LXD gave none.
 */
export function lxdUserText(entry: Pick<ActivityEntry, 'user' | 'identity'>): string {
  if (entry.identity) return entry.identity;
  return FINGERPRINT.test(entry.user) ? entry.user.slice(0, 12) : entry.user;
}

/** Where an entry's resource has a page: none once deleted, or where the console has none. */
export function resourcePath(entry: ActivityEntry): string | undefined {
  if (entry.kind === 'gap' || entry.resource === '' || entry.action.endsWith('-deleted')) {
    return undefined;
  }
  return usedByPath(parseUsedBy(entry.resource, entry.project || 'default'));
}

/** The name an entry's resource is shown by. */
export function resourceName(entry: ActivityEntry): string {
  return entry.name || displayName(entry.resource.split('?', 1)[0] ?? '');
}

/** How the console server took part: "via console as alice", "via console", or ''. */
export function viaConsoleText(entry: Pick<ActivityEntry, 'consoleUser' | 'viaConsole'>): string {
  if (entry.consoleUser) return `via console as ${entry.consoleUser}`;
  return entry.viaConsole ? 'via console' : '';
}

/** The Activity page's address for filters (a History tab's "Open in Activity"). */
export function activityPagePath(filter: ActivityFilter): string {
  const search = activitySearch(filter).toString();
  return `${paths.activity()}${search ? `?${search}` : ''}`;
}

/** An entry's time with its seconds ("1 May 2026, 14:00:05"); the text itself if not a time. */
export function formatActivityTime(value: string): string {
  const date = new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
