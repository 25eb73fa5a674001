import { useState } from 'react';
import type { CreatedCertificateToken } from '../../../../lxd/endpoints/certificates';
import { clientCommand } from '../../../../lxd/product';
import { useAuth } from '../../../../shared/auth/context';
import { FormFailure } from '../../../../shared/forms';
import { TokenModal } from '../../identities';
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
  const [created, setCreated] = useState<CreatedCertificateToken & { name: string }>();
  const kit = useAccessForm({ name: '', restricted: false, projects: [] }, async (values) => {
    const answer = await create.mutateAsync(values);
    setCreated({ ...answer, name: values.name });
  });

  if (created) {
    return (
      <TokenModal
        name={created.name}
        token={created.token}
        expiresAt={created.expiresAt}
        remote={remoteName(server.environment?.server_name)}
        client={clientCommand(server)}
        onClose={onClose}
      />
    );
  }
  return (
    <AccessFormModal
      title="Create trust token"
      submitLabel="Create token"
      busyLabel="Creating…"
      kit={kit}
      projects={projects.map((project) => project.name)}
      nameHelp="The name the client's certificate gets in this list (who or what it is)."
      onClose={onClose}
    >
      <FormFailure failure={kit.failure} what="token" action="create" />
    </AccessFormModal>
  );
}
