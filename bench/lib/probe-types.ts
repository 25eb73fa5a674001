/** What the page probe is told (ProbeOptions) and what it reports (ProbeState); see probe.ts. */

export interface ProbeOptions {
  /** Names of benchmark instances: /^inst-\d+/. */
  namePattern: string;
  /** The accessible name of the measured table: 'Instances' by default. */
  tableName?: string;
  /** When set and the page is /ui/, replace the location with this path before the app starts
   * (LXD 5.0.2 serves only /ui/ itself, not deep links). */
  replacePath?: string;
}

export interface ProbeFilter {
  fragment: string;
  keyAt: number | null;
  matchAt: number | null;
}

export interface ProbeDetail {
  name: string;
  clickAt: number | null;
  headingAt: number | null;
}

export interface ProbeSort {
  header: string;
  ariaBefore: string | null;
  rowsBefore: string;
  clickAt: number | null;
  ariaAt: number | null;
  rowsAt: number | null;
}

export interface ProbeEvent {
  name: string;
  text: string;
  armedAt: number;
  /** When the page's events socket delivered the matching instance-updated event. */
  arrivedAt: number | null;
  /** The first frame in which the visible row showed the text. */
  appliedAt: number | null;
}

export interface ProbeState {
  firstRowAt: number | null;
  firstRowName: string | null;
  statusesAt: number | null;
  visibleRows: number;
  /** The list complete: full answer received and no loading line (see above). */
  completeAt: number | null;
  loadingSeen: boolean;
  filter: ProbeFilter | null;
  detail: ProbeDetail | null;
  sort: ProbeSort | null;
  event: ProbeEvent | null;
  errors: string[];
}
