import type { LxdCertificate } from '../../../../lxd/types/certificate';
import { CopyButton } from '../../../../shared/ui/CopyButton';
import { textColumn, type ListColumn, type SortState } from '../../../../shared/ui/list';
import { certificateExpiry, isExpired, projectsText, shortFingerprint } from '../rules';
import { ResourceIcon } from '../../../../shared/ui/ResourceIcon';

export const CERTIFICATE_LIST_ID = 'certificates';
export const CERTIFICATE_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

/** Per-row context: whether the row is the console's own certificate (undefined: not known). */
export type RowOwnership = boolean | undefined;

const YOURS_TITLE = 'The certificate this console signs in with';

function Expiry({ certificate }: { certificate: LxdCertificate }) {
  const expiry = certificateExpiry(certificate);
  if (!expiry) return <span className="u-text--muted">Unknown</span>;
  const text = expiry.toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return isExpired(expiry) ? (
    <span className="p-status-label--negative" title={`Expired on ${text}`}>
      Expired
    </span>
  ) : (
    <span title={expiry.toISOString()}>{text}</span>
  );
}

export const certificateColumns: ListColumn<LxdCertificate, RowOwnership>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 15,
    alwaysShown: true,
    rowHeader: true,
    sortValue: (certificate) => certificate.name,
    cell: (certificate, own) => (
      <span className="identity-name">
        <ResourceIcon type="certificate" />
        <span className="u-truncate" title={certificate.name}>
          {certificate.name}
        </span>
        {own && (
          <span className="p-status-label--information identity-you" title={YOURS_TITLE}>
            You
          </span>
        )}
      </span>
    ),
  },
  textColumn('type', 'Type', (certificate) => certificate.type, { width: 6, priority: 2 }),
  {
    id: 'fingerprint',
    header: 'Fingerprint',
    width: 10,
    priority: 2,
    sortValue: (certificate) => certificate.fingerprint,
    cell: (certificate) => {
      const short = shortFingerprint(certificate.fingerprint);
      return (
        <span className="certificate-fingerprint">
          <code title={certificate.fingerprint}>{short}</code>
          <CopyButton value={certificate.fingerprint} what={`fingerprint ${short}`} />
        </span>
      );
    },
  },
  textColumn('restricted', 'Restricted', (certificate) => (certificate.restricted ? 'Yes' : 'No'), {
    width: 7.5,
  }),
  textColumn('projects', 'Projects', projectsText, { priority: 2 }),
  {
    id: 'expires',
    header: 'Expires',
    width: 8,
    priority: 2,
    sortValue: (certificate) => certificateExpiry(certificate)?.getTime() ?? 0,
    cell: (certificate) => <Expiry certificate={certificate} />,
  },
];
