export type WarningStatus = 'new' | 'acknowledged' | 'resolved';
export type WarningSeverity = 'low' | 'moderate' | 'high';

/** GET /1.0/warnings?recursion=1 item. */
export interface LxdWarning {
  uuid: string;
  location: string;
  /** '' for server-wide warnings. */
  project: string;
  type: string;
  count: number;
  first_seen_at: string;
  last_seen_at: string;
  last_message: string;
  severity: WarningSeverity;
  status: WarningStatus;
  entity_url: string;
}
