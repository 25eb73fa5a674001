import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  createTlsIdentityToken,
  type CreatedTlsIdentityToken,
} from '../../../../lxd/endpoints/auth';
import { hasServerExtension, useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { GatedButton } from '../../../../shared/ui/Gated';
import { GroupsDialog } from '../../access';
import { identitiesQuery, useAccessMutation, useCanOnServer, useGroupNames } from '../../access';
import { IDENTITY_MESSAGES } from '../rules';
import { TokenModal } from './TokenModal';

/** The names TLS identities have already (LXD refuses a second one). */
function useTlsNames(): string[] {
  const { isFineGrained } = useAuth();
  const { data } = useQuery(identitiesQuery(isFineGrained));
  return useMemo(
    () =>
      (data ?? [])
        .filter((identity) => identity.authentication_method === 'tls')
        .map((identity) => identity.name),
    [data],
  );
}

/** Creating a TLS identity with a token needs `access_management_tls` (LXD 5.21.3+, 6.2+). */
export const EXT_ACCESS_MANAGEMENT_TLS = 'access_management_tls';
export const NO_TLS_TOKENS =
  'This server cannot issue tokens for TLS identities (it lacks access_management_tls)';

/**
 * "Create TLS identity": a name and groups, then POST /1.0/auth/identities/tls {name, groups,
 * token: true}; the answer's token is shown once.
 */
export function CreateIdentityButton() {
  const auth = useAuth();
  const groups = useGroupNames();
  const tlsNames = useTlsNames();
  const notify = useNotify();
  const canCreate = useCanOnServer('createIdentities');
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedTlsIdentityToken & { name: string }>();
  const create = useAccessMutation(({ name, groups: chosen }: { name: string; groups: string[] }) =>
    createTlsIdentityToken(name, chosen),
  );
  const reason = !hasServerExtension(auth, EXT_ACCESS_MANAGEMENT_TLS)
    ? NO_TLS_TOKENS
    : canCreate
      ? undefined
      : IDENTITY_MESSAGES.noCreate;

  return (
    <>
      <GatedButton className="p-button--positive" reason={reason} onClick={() => setOpen(true)}>
        Create TLS identity
      </GatedButton>
      {open && (
        <GroupsDialog
          title="Create TLS identity"
          intro={
            <p>
              LXD creates a pending identity and a single-use token. Whoever redeems the token with
              their client certificate becomes this identity, with the groups chosen here.
            </p>
          }
          nameField={{
            label: 'Name',
            validate: (name) =>
              name === ''
                ? IDENTITY_MESSAGES.nameRequired
                : tlsNames.includes(name)
                  ? IDENTITY_MESSAGES.nameExists
                  : undefined,
          }}
          groups={groups}
          submitLabel="Create identity"
          what="identity"
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            const answer = await create.mutateAsync(values);
            notify.success('Identity created', `TLS identity ${values.name} waits for its token.`);
            setCreated({ ...answer, name: values.name });
          }}
        />
      )}
      {created && (
        <TokenModal
          name={created.name}
          token={created.token}
          expiresAt={created.expiresAt}
          remote={auth.server.environment?.server_name ?? 'lxd'}
          onClose={() => setCreated(undefined)}
        />
      )}
    </>
  );
}
