/** The warnings list's columns and row actions (acknowledge, delete after confirmation). */
import { useProductName } from '../../../shared/auth/product';
import { formatDate } from '../../../shared/format/dates';
import { useNotify } from '../../../shared/notifications';
import type { PageContext } from '../../../shared/pages';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../shared/ui/Gated';
import { MOBILE_PX } from '../../../shared/layout/breakpoints';
import {
  useMediaQuery,
  type ListColumn,
  type ListSearch,
  type SortState,
  textColumn,
} from '../../../shared/ui/list';
import type { LxdWarning, WarningSeverity, WarningStatus } from '../../../lxd/types/warning';
import { timeValue, useAcknowledgeWarning, useDeleteWarning } from '../queries';

const SEVERITY_CLASS: Record<WarningSeverity, string> = {
  high: 'p-status-label--negative',
  moderate: 'p-status-label--caution',
  low: 'p-status-label--information',
};

const SEVERITY_RANK: Record<WarningSeverity, number> = { low: 0, moderate: 1, high: 2 };

const STATUS_CLASS: Record<WarningStatus, string> = {
  new: 'p-status-label--caution',
  acknowledged: 'p-status-label',
  resolved: 'p-status-label--positive',
};

/** The columns menu remembers its choice under `lxd-console.warnings.hidden-columns`. */
export const WARNING_LIST_ID = 'warnings';
/** Most recently seen first. */
export const DEFAULT_SORT: SortState = { column: 'last-seen', direction: 'descending' };

export const WARNING_SEARCH: ListSearch<LxdWarning> = {
  label: 'Search warnings',
  placeholder: 'Search type, message or project',
  compile: (term) => {
    const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (warning) => {
      const text = [warning.type, warning.last_message, warning.project].join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    };
  },
};

const seen = (value: string) => <time dateTime={value}>{formatDate(value)}</time>;

const statusLabel = (warning: LxdWarning) => (
  <span className={STATUS_CLASS[warning.status]}>{warning.status}</span>
);
const severityLabel = (warning: LxdWarning) => (
  <span className={SEVERITY_CLASS[warning.severity]}>{warning.severity}</span>
);

/** Below this width the list keeps the type and the actions only (the columns' priorities). */
const PHONE_QUERY = `(max-width: ${String(MOBILE_PX - 0.02)}px)`;

/** The type, and on phones (where only it and the actions fit) the message, status, severity. */
function TypeCell({ warning }: { warning: LxdWarning }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <>
      {warning.type}
      {phone && (
        <span className="warnings-narrow">
          <span className="warnings-narrow__message">{warning.last_message}</span>
          {statusLabel(warning)} {severityLabel(warning)}
        </span>
      )}
    </>
  );
}

export const WARNING_COLUMNS: readonly ListColumn<LxdWarning>[] = [
  {
    id: 'type',
    header: 'Type',
    alwaysShown: true,
    rowHeader: true,
    sortValue: (warning) => warning.type,
    cell: (warning) => <TypeCell warning={warning} />,
  },
  textColumn('message', 'Last message', (warning) => warning.last_message, { priority: 2 }),
  {
    id: 'status',
    header: 'Status',
    width: 7,
    priority: 2,
    sortValue: (warning) => warning.status,
    cell: statusLabel,
  },
  {
    id: 'severity',
    header: 'Severity',
    width: 7,
    priority: 2,
    sortValue: (warning) => SEVERITY_RANK[warning.severity],
    cell: severityLabel,
  },
  textColumn('count', 'Count', (warning) => warning.count, {
    width: 5,
    priority: 2,
    align: 'right',
  }),
  {
    id: 'project',
    header: 'Project',
    width: 7,
    priority: 2,
    sortValue: (warning) => warning.project,
    cell: (warning) => warning.project || '-',
  },
  {
    id: 'first-seen',
    header: 'First seen',
    width: 9,
    priority: 2,
    hiddenByDefault: true,
    sortValue: (warning) => timeValue(warning.first_seen_at),
    cell: (warning) => seen(warning.first_seen_at),
  },
  {
    id: 'last-seen',
    header: 'Last seen',
    width: 9,
    priority: 2,
    sortValue: (warning) => timeValue(warning.last_seen_at),
    cell: (warning) => seen(warning.last_seen_at),
  },
];

/** Why the identity may not acknowledge or delete warnings (spec §6: server can_edit). */
export const changeReason = ({ permissions }: PageContext) =>
  permissions.onServer('changeWarnings');

/** A row's Acknowledge and Delete (after confirmation); the outcome is a notification. */
export function WarningActions({
  warning,
  reason,
}: {
  warning: LxdWarning;
  /** Why the identity may not acknowledge or delete warnings (spec §6: server can_edit). */
  reason: string | undefined;
}) {
  const notify = useNotify();
  const product = useProductName();
  const acknowledge = useAcknowledgeWarning();
  const remove = useDeleteWarning();
  const busy = acknowledge.isPending;
  return (
    <div className="warnings-actions">
      {warning.status !== 'acknowledged' && (
        <GatedButton
          className="p-button is-dense"
          disabled={busy}
          reason={reason}
          aria-label={`Acknowledge warning: ${warning.type}`}
          onClick={() => {
            acknowledge.mutate(warning, {
              onSuccess: () => notify.success('Warning acknowledged', warning.type),
              onError: (error) => notify.failure('Warning acknowledgement failed', error),
            });
          }}
        >
          Acknowledge
        </GatedButton>
      )}
      <ConfirmButton
        label={
          <>
            Delete <span className="u-off-screen">warning: {warning.type}</span>
          </>
        }
        title="Delete warning"
        message={
          <p>
            Delete the warning <strong>{warning.type}</strong>? {product} raises it again if the
            problem comes back.
          </p>
        }
        confirmLabel="Delete"
        danger
        className="p-button--negative is-dense"
        disabled={busy}
        reason={reason}
        onConfirm={() =>
          remove.mutateAsync(warning).then(() => notify.success('Warning deleted', warning.type))
        }
      />
    </div>
  );
}
