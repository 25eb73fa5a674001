/** The certificate list's header button, note, per-row ownership and search. */
import { useCallback, useState } from 'react';
import type { LxdCertificate } from '../../../../lxd/types/certificate';
import { useAuth } from '../../../../shared/auth/context';
import { GatedButton } from '../../../../shared/ui/Gated';
import type { ListSearch } from '../../../../shared/ui/list';
import { useOwnFingerprint } from '../queries';
import { CERTIFICATE_MESSAGES, matchCertificate } from '../rules';
import type { RowOwnership } from './certificateColumns';
import { CreateTokenModal } from './CreateTokenModal';

export const CERTIFICATE_SEARCH: ListSearch<LxdCertificate> = {
  label: 'Search certificates',
  placeholder: 'Search by name, fingerprint or project',
  compile: matchCertificate,
};

/** "Create token", disabled for a restricted client; opens the token dialog. */
export function CreateTokenButton() {
  const { isRestricted } = useAuth();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <GatedButton
        className="p-button--positive"
        reason={isRestricted ? CERTIFICATE_MESSAGES.noCreate : undefined}
        onClick={() => {
          setCreating(true);
        }}
      >
        Create token
      </GatedButton>
      {creating && (
        <CreateTokenModal
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
    </>
  );
}

/** No certificate yet: how to trust the first client. */
export function CertificatesEmpty() {
  return (
    <>
      <p>No client is trusted yet.</p>
      <CreateTokenButton />
    </>
  );
}

/** What the list is, and for a restricted client that it is read-only. */
export function CertificatesNote() {
  const { isRestricted } = useAuth();
  return (
    <>
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
    </>
  );
}

/**
 * Whether a row is the console's own certificate (the "You" mark, the warnings before revoking
 * or restricting it); undefined for every row when the server does not say which it is.
 */
export function useOwnership() {
  const ownFingerprint = useOwnFingerprint();
  const rowExtra = useCallback(
    (certificate: LxdCertificate): RowOwnership =>
      ownFingerprint === undefined ? undefined : certificate.fingerprint === ownFingerprint,
    [ownFingerprint],
  );
  return { rowExtra };
}
