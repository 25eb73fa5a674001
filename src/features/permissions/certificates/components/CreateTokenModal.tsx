import { useState } from 'react';
import type { CreatedCertificateToken } from '../../../../lxd/endpoints/certificates';
import { useAuth } from '../../../../shared/auth/context';
import { ErrorNotice } from '../../../../shared/ui/States';
import { TokenModal } from '../../identities/components/TokenModal';
import { useCreateToken } from '../queries';
import { remoteName } from '../rules';
import { AccessFormModal, useAccessForm } from './AccessFields';

/**
 * Trusts a new client: a name, Restricted and its projects make a token (POST /1.0/certificates
 * {token: true}) that the client redeems with its own certificate. The token is shown once.
 */
export function CreateTokenModal({ onClose }: { onClose: () => void }) {
  const { projects, server } = useAuth();
  const create = useCreateToken();
  const form = useAccessForm({ name: '', restricted: false, projects: [] });
  const [created, setCreated] = useState<CreatedCertificateToken & { name: string }>();

  if (created) {
    return (
      <TokenModal
        name={created.name}
        token={created.token}
        expiresAt={created.expiresAt}
        remote={remoteName(server.environment?.server_name)}
        onClose={onClose}
      />
    );
  }
  return (
    <AccessFormModal
      title="Create trust token"
      submitLabel="Create token"
      busyLabel="Creating…"
      busy={create.isPending}
      form={form}
      projects={projects.map((project) => project.name)}
      nameHelp="The name the client's certificate gets in this list (who or what it is)."
      onSubmit={(values) => {
        create.mutate(values, {
          onSuccess: (answer) => {
            setCreated({ ...answer, name: values.name });
          },
        });
      }}
      onClose={onClose}
    >
      {create.error && <ErrorNotice title="Could not create the token" error={create.error} />}
    </AccessFormModal>
  );
}
