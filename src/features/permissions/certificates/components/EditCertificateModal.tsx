import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { certificatePut } from '../../../../lxd/endpoints/certificates';
import { isEtagConflict, type WithEtag } from '../../../../lxd/client';
import type { LxdCertificate } from '../../../../lxd/types/certificate';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { ConflictNotice } from '../../../../shared/ui/ConflictNotice';
import { Loader } from '../../../../shared/ui/Loader';
import { Modal } from '../../../../shared/ui/Modal';
import { ErrorNotice } from '../../../../shared/ui/States';
import { FormFailure } from '../../../../shared/forms';
import { certificateQuery, useUpdateCertificate } from '../queries';
import {
  CERTIFICATE_MESSAGES,
  projectChoices,
  shortFingerprint,
  type AccessValues,
} from '../rules';
import { AccessFormModal, useAccessForm } from './AccessFields';

const valuesOf = (certificate: LxdCertificate): AccessValues => ({
  name: certificate.name,
  restricted: certificate.restricted,
  projects: certificate.projects ?? [],
});

type Loaded = WithEtag<LxdCertificate>;

function EditForm({ loaded, own, onClose }: { loaded: Loaded; own: boolean; onClose: () => void }) {
  const notify = useNotify();
  const client = useQueryClient();
  const { projects } = useAuth();
  const update = useUpdateCertificate();
  // The version the form was opened with (or reloaded to): its ETag goes back as If-Match.
  const [base, setBase] = useState(loaded);
  const send = async (onto: Loaded, values: AccessValues) => {
    const projectsSent = values.restricted ? values.projects : [];
    await update.mutateAsync({
      fingerprint: onto.fingerprint,
      body: certificatePut(onto, { ...values, projects: projectsSent }),
      etag: onto.etag,
    });
    notify.success('Certificate updated', `${values.name} was saved.`);
    onClose();
  };
  const kit = useAccessForm(valuesOf(loaded), (values) => send(base, values));
  const latest = () => client.query(certificateQuery(base.fingerprint));
  const { failure } = kit;

  return (
    <AccessFormModal
      title={`Edit certificate ${base.name}`}
      submitLabel="Save changes"
      busyLabel="Saving…"
      kit={kit}
      projects={projectChoices(
        projects.map((project) => project.name),
        base.projects ?? [],
      )}
      nameHelp="Only a label: the client is known by its certificate."
      intro={
        <p className="u-text--muted">
          {base.type} certificate{' '}
          <code title={base.fingerprint}>{shortFingerprint(base.fingerprint)}</code>
        </p>
      }
      restrictedNote={own && <p className="p-form-help-text">{CERTIFICATE_MESSAGES.ownRestrict}</p>}
      onClose={onClose}
    >
      {isEtagConflict(failure) ? (
        <ConflictNotice
          what={CERTIFICATE_MESSAGES.conflict}
          onOverwrite={() => {
            const values = kit.form.getValues();
            kit.clearFailure();
            void latest()
              .then((fresh) => send(fresh, { ...values, name: values.name.trim() }))
              .catch((error: unknown) => {
                notify.failure('Save failed', error);
              });
          }}
          onDiscard={() => {
            void latest().then(
              (fresh) => {
                kit.clearFailure();
                setBase(fresh);
                kit.form.reset(valuesOf(fresh));
              },
              (error: unknown) => {
                notify.failure('Reload failed', error);
              },
            );
          }}
        />
      ) : (
        <FormFailure failure={failure} what="certificate" />
      )}
    </AccessFormModal>
  );
}

/**
 * Edits a certificate's name, Restricted and projects. The certificate is read again as the
 * dialog opens, so the PUT carries its current ETag; a 412 (changed meanwhile) keeps the form.
 */
export function EditCertificateModal({
  fingerprint,
  own,
  onClose,
}: {
  fingerprint: string;
  own: boolean;
  onClose: () => void;
}) {
  const current = useQuery(certificateQuery(fingerprint));
  if (current.data) return <EditForm loaded={current.data} own={own} onClose={onClose} />;
  return (
    <Modal title="Edit certificate" onClose={onClose}>
      {current.error ? (
        <ErrorNotice
          title="Could not load the certificate"
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      ) : (
        <Loader text="Loading the certificate…" />
      )}
    </Modal>
  );
}
