import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { LxdCertificate } from '../../../../lxd/types/certificate';
import { useAuth } from '../../../../shared/auth/context';
import { GatedButton } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../../shared/ui/list';
import { CertificateActions } from '../components/CertificateActions';
import {
  CERTIFICATE_LIST_ID,
  CERTIFICATE_LIST_SORT,
  certificateColumns,
} from '../components/certificateColumns';
import { CreateTokenModal } from '../components/CreateTokenModal';
import { EditCertificateModal } from '../components/EditCertificateModal';
import { PendingTokens } from '../components/PendingTokens';
import { certificatesQuery, useOwnFingerprint } from '../queries';
import { CERTIFICATE_FILTERS, CERTIFICATE_MESSAGES, matchCertificate } from '../rules';
import '../../access/access.scss';
import '../certificates.scss';

const NOUN = { one: 'certificate', other: 'certificates' };
const SEARCH: ListSearch<LxdCertificate> = {
  label: 'Search certificates',
  placeholder: 'Search by name, fingerprint or project',
  compile: matchCertificate,
};
const rowKey = (certificate: LxdCertificate) => certificate.fingerprint;
const rowLabel = (certificate: LxdCertificate) => certificate.name;

/**
 * /ui/permissions/certificates, on servers without access management (LXD 5.0, Incus): the
 * clients the server trusts, trust tokens for new ones, and what each may reach. Search and the
 * type and restricted filters live in the URL.
 */
export function CertificateListPage() {
  const { isRestricted } = useAuth();
  const list = useQuery(certificatesQuery);
  const ownFingerprint = useOwnFingerprint();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<LxdCertificate>();

  const view = useListView<LxdCertificate, boolean>({
    id: CERTIFICATE_LIST_ID,
    rows: list.data,
    columns: certificateColumns,
    rowKey,
    defaultSort: CERTIFICATE_LIST_SORT,
    search: SEARCH,
    filters: CERTIFICATE_FILTERS,
  });
  const isOwn = useCallback(
    (certificate: LxdCertificate) => certificate.fingerprint === ownFingerprint,
    [ownFingerprint],
  );
  const rowActions = useCallback(
    (certificate: LxdCertificate) => (
      <CertificateActions
        certificate={certificate}
        own={ownFingerprint === undefined ? undefined : certificate.fingerprint === ownFingerprint}
        restricted={isRestricted}
        onEdit={setEditing}
      />
    ),
    [ownFingerprint, isRestricted],
  );
  const closeCreate = useCallback(() => {
    setCreating(false);
  }, []);
  const closeEdit = useCallback(() => {
    setEditing(undefined);
  }, []);
  const createButton = (
    <GatedButton
      className="p-button--positive"
      reason={isRestricted ? CERTIFICATE_MESSAGES.noCreate : undefined}
      onClick={() => {
        setCreating(true);
      }}
    >
      Create token
    </GatedButton>
  );

  return (
    <section
      className="list-page access-page certificates-page"
      aria-labelledby="certificates-heading"
    >
      <PageHeader title={<span id="certificates-heading">Certificates</span>}>
        {createButton}
      </PageHeader>
      <p className="certificates-intro">
        The clients this server trusts, each known by its certificate. To add one, create a trust
        token and redeem it on the client.
      </p>
      {isRestricted && (
        <div className="p-notification--information">
          <div className="p-notification__content">
            <p className="p-notification__message">{CERTIFICATE_MESSAGES.readOnly}</p>
          </div>
        </div>
      )}
      <ResourceList<LxdCertificate, boolean>
        view={view}
        label="Certificates"
        noun={NOUN}
        query={list}
        rowLabel={rowLabel}
        rowExtra={isOwn}
        rowActions={rowActions}
        actionsWidth={10.5}
        empty={{ body: <p>No client is trusted yet.</p>, action: createButton }}
      />
      <PendingTokens restricted={isRestricted} />
      {creating && <CreateTokenModal onClose={closeCreate} />}
      {editing && (
        <EditCertificateModal
          fingerprint={editing.fingerprint}
          own={editing.fingerprint === ownFingerprint}
          onClose={closeEdit}
        />
      )}
    </section>
  );
}
