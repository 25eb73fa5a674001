/**
 * What the journal keeps: one entry per lifecycle event (LXD's `requestor` says who), per failed
 * operation, and per gap (a time the console server could not hear a remote). Turning LXD's
 * events into entries is here, apart from the socket and the database.
 */
import { createHash } from 'node:crypto';
import { resourceTypeOf, type ActivityEntry } from '../../src/lxd/activity';

export type EntryKind = ActivityEntry['kind'];
export type Outcome = ActivityEntry['outcome'];

/** An entry as the journal keeps it: as /console/activity answers it, but for its id. */
export interface JournalEntry extends Omit<ActivityEntry, 'id'> {
  /** The path without its query: what the History tabs match on. */
  resourcePath: string;
  /** Unique per event: replaying the spool writes nothing twice. */
  key: string;
}

export { RESOURCE_TYPES, resourceTypeOf } from '../../src/lxd/activity';

/** The path without its query string. */
export function pathOf(resource: string): string {
  const q = resource.indexOf('?');
  return q === -1 ? resource : resource.slice(0, q);
}

function queryProject(resource: string): string | undefined {
  const q = resource.indexOf('?');
  if (q === -1) return undefined;
  return new URLSearchParams(resource.slice(q + 1)).get('project') ?? undefined;
}

/** The resource's name as a person reads it: `c1`, `c1/snap0`, `pool/custom/vol`. */
export function displayName(resourcePath: string): string {
  const parts = resourcePath.split('/').filter(Boolean).map(decodeURIComponent);
  // ['1.0', 'instances', 'c1', 'snapshots', 's0'] → c1/s0
  const rest = parts.slice(1);
  const named: string[] = [];
  for (let i = 1; i < rest.length; i += 2) named.push(rest[i] ?? '');
  if (rest[0] === 'storage-pools' && rest[2] === 'volumes') {
    // pool, type, volume[, snapshot]
    return [rest[1], rest[3], rest[4], rest[6]].filter(Boolean).join('/');
  }
  return named.join('/');
}

interface Requestor {
  username?: string;
  protocol?: string;
  address?: string;
}

/** An event as LXD sends it on /1.0/events. */
export interface LxdEvent {
  type?: string;
  timestamp?: string;
  location?: string;
  project?: string;
  metadata?: Record<string, unknown>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** 128 bits of SHA-256, base64url: unique enough for a key, a third of the hex's size. */
function shortHash(text: string): string {
  return createHash('sha256').update(text).digest().subarray(0, 16).toString('base64url');
}

function eventKey(remote: string, event: LxdEvent): string {
  return shortHash(`${remote}\0${JSON.stringify(event)}`);
}

function requestorOf(value: unknown): Requestor {
  return value !== null && typeof value === 'object' ? value : {};
}

/** The first resource an operation names (`resources: {instances: ["/1.0/instances/c1"]}`). */
function operationResource(resources: unknown): string {
  if (resources === null || typeof resources !== 'object') return '';
  for (const list of Object.values(resources as Record<string, unknown>)) {
    if (Array.isArray(list) && typeof list[0] === 'string') return list[0];
  }
  return '';
}

/**
 * The journal entry of one event, or null for events the journal does not keep (logging,
 * operations that did not fail).
 */
export function entryOfEvent(remote: string, event: LxdEvent): JournalEntry | null {
  const meta = event.metadata ?? {};
  const time = text(event.timestamp) || new Date().toISOString();
  if (event.type === 'lifecycle') {
    const action = text(meta.action);
    if (!action) return null;
    const resource = text(meta.source);
    const resourcePath = pathOf(resource);
    const who = requestorOf(meta.requestor);
    const project =
      text(meta.project) || text(event.project) || queryProject(resource) || 'default';
    return {
      time,
      remote,
      project,
      kind: 'lifecycle',
      action,
      outcome: 'success',
      resourceType: resourceTypeOf(action),
      resource,
      resourcePath,
      name: text(meta.name) || displayName(resourcePath),
      user: text(who.username),
      identity: text(who.protocol) === 'unix' ? text(who.username) : '',
      protocol: text(who.protocol),
      address: text(who.address),
      consoleUser: null,
      viaConsole: false,
      message: '',
      until: null,
      key: eventKey(remote, event),
    };
  }
  if (event.type === 'operation' && text(meta.status) === 'Failure') {
    const resource = operationResource(meta.resources);
    const resourcePath = pathOf(resource);
    const who = requestorOf(meta.requestor);
    const description = text(meta.description);
    return {
      time,
      remote,
      project: text(event.project) || queryProject(resource) || 'default',
      kind: 'operation',
      action: description ? `${description} failed` : 'operation-failed',
      outcome: 'failure',
      resourceType: resource ? resourceTypeOf(`${pathKind(resourcePath)}-`) : 'operation',
      resource,
      resourcePath,
      name: displayName(resourcePath),
      user: text(who.username),
      identity: text(who.protocol) === 'unix' ? text(who.username) : '',
      protocol: text(who.protocol),
      address: text(who.address),
      consoleUser: null,
      viaConsole: false,
      message: text(meta.err),
      until: null,
      key: eventKey(remote, event),
    };
  }
  return null;
}

/** The type prefix of a resource path: /1.0/instances/c1 → instance. */
function pathKind(resourcePath: string): string {
  const parts = resourcePath.split('/').filter(Boolean);
  const collection = parts[1] ?? '';
  if (collection === 'instances')
    return parts[3] === 'snapshots' ? 'instance-snapshot' : 'instance';
  if (collection === 'storage-pools')
    return parts[3] === 'volumes' ? 'storage-volume' : 'storage-pool';
  return collection.replace(/s$/, '');
}

/** The sentence of a gap entry. */
export function gapMessage(from: string, until: string): string {
  return `events may be missing between ${from} and ${until}`;
}

/** The entry that says a remote's events may be missing between two times. */
export function gapEntry(
  remote: string,
  from: string,
  until: string,
  reason: string,
): JournalEntry {
  const message = `${gapMessage(from, until)}${reason ? ` (${reason})` : ''}`;
  return {
    time: from,
    remote,
    project: '',
    kind: 'gap',
    action: 'gap',
    outcome: 'gap',
    resourceType: '',
    resource: '',
    resourcePath: '',
    name: '',
    user: '',
    identity: '',
    protocol: '',
    address: '',
    consoleUser: null,
    viaConsole: false,
    message,
    until,
    key: shortHash(`gap\0${remote}\0${from}\0${until}`),
  };
}
