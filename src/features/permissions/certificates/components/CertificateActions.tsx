import { useState } from 'react';
import type { LxdCertificate } from '../../../../lxd/types/certificate';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';
import { useRevokeCertificate } from '../queries';
import { CERTIFICATE_MESSAGES, shortFingerprint } from '../rules';
import { EditCertificateModal } from './EditCertificateModal';

/**
 * A button's visible word with the row's name for screen readers ("Edit laptop"); the space sits
 * outside the hidden part, where every name computation keeps it.
 */
export function Named({ verb, name }: { verb: string; name: string }) {
  return (
    <>
      {verb} <span className="u-off-screen">{name}</span>
    </>
  );
}

/** What revoking says: a clear warning when it is (or may be) the console's own certificate. */
function RevokeMessage({
  certificate,
  own,
}: {
  certificate: LxdCertificate;
  own: boolean | undefined;
}) {
  return (
    <>
      <p>
        Revoke the {certificate.type} certificate <strong>{certificate.name}</strong> (
        <code>{shortFingerprint(certificate.fingerprint)}</code>)? The client that presents it can
        no longer connect to this server.
      </p>
      {own !== false && (
        <div className={own ? 'p-notification--negative' : 'p-notification--caution'}>
          <div className="p-notification__content">
            <p className="p-notification__message">
              {own ? CERTIFICATE_MESSAGES.ownRevoke : CERTIFICATE_MESSAGES.unknownOwn}
            </p>
          </div>
        </div>
      )}
    </>
  );
}

/** Edit and Revoke of one certificate, each disabled with its reason for a restricted client. */
export function CertificateActions({
  certificate,
  own,
}: {
  certificate: LxdCertificate;
  /** Whether it is the console's own certificate; undefined when the server does not say. */
  own: boolean | undefined;
}) {
  const notify = useNotify();
  const restricted = useAuth().isRestricted;
  const revoke = useRevokeCertificate();
  const [editing, setEditing] = useState(false);
  return (
    <div className="access-row-actions">
      <GatedButton
        className="p-button is-dense"
        reason={restricted ? CERTIFICATE_MESSAGES.noEdit : undefined}
        onClick={() => {
          setEditing(true);
        }}
      >
        <Named verb="Edit" name={certificate.name} />
      </GatedButton>
      <ConfirmButton
        className="p-button--negative is-dense"
        label={<Named verb="Revoke" name={certificate.name} />}
        title={own ? 'Revoke your own certificate' : 'Revoke certificate'}
        confirmLabel={own ? 'Revoke and lose access' : 'Revoke'}
        danger
        disabled={restricted}
        disabledReason={CERTIFICATE_MESSAGES.noRevoke}
        message={<RevokeMessage certificate={certificate} own={own} />}
        onConfirm={async () => {
          await revoke.mutateAsync({ fingerprint: certificate.fingerprint, own: own === true });
          notify.success('Certificate revoked', `${certificate.name} can no longer connect.`);
        }}
      />
      {editing && (
        <EditCertificateModal
          fingerprint={certificate.fingerprint}
          own={own === true}
          onClose={() => {
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}
