/**
 * The activity journal's contract, shared by the console server that keeps it
 * (server/journal) and the console that shows it (src/features/activity): the resource types an
 * entry has (from its lifecycle action's prefix), the filters' names as people read them,
 * and the shape of an entry as /console/activity answers it. Plain data, types and functions:
 * the one module of src/ the server imports (.dependency-cruiser.cjs).
 */

/** The resource types of journal entries (`type=`). */
export const RESOURCE_TYPES = [
  'instance',
  'snapshot',
  'profile',
  'project',
  'network',
  'network-acl',
  'network-forward',
  'storage-pool',
  'storage-volume',
  'storage-bucket',
  'image',
  'cluster-member',
  'certificate',
  'operation',
  'other',
] as const;

export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Longest first: an action's resource type is that of the first prefix it starts with. */
const TYPE_PREFIXES: readonly (readonly [string, ResourceType])[] = [
  ['instance-snapshot-', 'snapshot'],
  ['instance-', 'instance'],
  ['profile-', 'profile'],
  ['project-', 'project'],
  ['network-acl-', 'network-acl'],
  ['network-forward-', 'network-forward'],
  ['network-', 'network'],
  ['storage-pool-', 'storage-pool'],
  ['storage-volume-', 'storage-volume'],
  ['storage-bucket-', 'storage-bucket'],
  ['image-', 'image'],
  ['cluster-member-', 'cluster-member'],
  ['certificate-', 'certificate'],
  ['operation-', 'operation'],
];

/** The resource type of a lifecycle action (`instance-started` → `instance`). */
export function resourceTypeOf(action: string): ResourceType {
  return TYPE_PREFIXES.find(([prefix]) => action.startsWith(prefix))?.[1] ?? 'other';
}

/** The Activity page's filters, by their name in the address, as the page labels them. */
export const ACTIVITY_FILTER_LABELS = {
  user: 'User',
  action: 'Action',
  type: 'Resource type',
  project: 'Project',
  remote: 'Remote',
  resource: 'Resource',
  since: 'From',
  until: 'To',
} as const;

/** What the journal holds of one thing that happened (or of a gap in what it knows). */
export interface ActivityEntry {
  id: string;
  /** ISO 8601. */
  time: string;
  kind: 'lifecycle' | 'operation' | 'gap';
  /** LXD's lifecycle action (`instance-started`). */
  action: string;
  outcome: 'success' | 'failure' | 'gap';
  remote: string;
  project: string;
  /** One of RESOURCE_TYPES. */
  resourceType: string;
  /** The LXD path of the resource, maybe with `?project=`. */
  resource: string;
  /** The resource's name as shown ("c1", "c1/snap0"). */
  name: string;
  /**
   * LXD's requestor user name (for a TLS client its certificate's fingerprint); '' when LXD gave
   * none.
   */
  user: string;
  /** The name LXD's trust store gives that client (or the unix user); '' if unknown. */
  identity: string;
  protocol: string;
  address: string;
  /** Who was signed in to the console server, when the request went through it. */
  consoleUser: string | null;
  viaConsole: boolean;
  /** A failure's error; for a gap "events may be missing between … and …". */
  message: string;
  /** The end of a gap. */
  until: string | null;
}
