import { useQuery } from '@tanstack/react-query';
import type { LxdCertificate } from '../../../../lxd/types/certificate';
import { listPage, listRows } from '../../../../shared/pages';
import { CertificateActions } from '../components/CertificateActions';
import * as list from '../components/certificateColumns';
import * as parts from '../components/CertificateListParts';
import { PendingTokens } from '../components/PendingTokens';
import { certificatesQuery } from '../queries';
import { CERTIFICATE_FILTERS } from '../rules';
import '../../permissions.scss';
import '../certificates.scss';

/**
 * /ui/permissions/certificates, on servers without access management (LXD 5.0, Incus): the
 * clients the server trusts, trust tokens for new ones, and what each may reach. Search and the
 * type and restricted filters live in the URL.
 */
export const CertificateListPage = listPage<LxdCertificate, list.RowOwnership>({
  id: list.CERTIFICATE_LIST_ID,
  title: 'Certificates',
  noun: { one: 'certificate', other: 'certificates' },
  className: 'access-page certificates-page',
  useRows: () => ({ ...listRows(useQuery(certificatesQuery)), table: parts.useOwnership() }),
  columns: () => list.certificateColumns,
  rowKey: (certificate) => certificate.fingerprint,
  rowLabel: (certificate) => certificate.name,
  defaultSort: list.CERTIFICATE_LIST_SORT,
  search: parts.CERTIFICATE_SEARCH,
  filters: () => CERTIFICATE_FILTERS,
  actions: () => <parts.CreateTokenButton />,
  notice: () => <parts.CertificatesNote />,
  empty: <parts.CertificatesEmpty />,
  rowActions: () => (certificate, own) => (
    <CertificateActions certificate={certificate} own={own} />
  ),
  table: { actionsWidth: 10.5 },
  footer: ({ auth }) => <PendingTokens restricted={auth.isRestricted} />,
});
