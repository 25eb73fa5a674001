import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PendingCertificateToken } from '../../../../lxd/endpoints/certificates';
import { formatDate } from '../../../../shared/format/dates';
import { useNotify } from '../../../../shared/notifications';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { SortedTable, textColumn, type ListColumn } from '../../../../shared/ui/list';
import { pendingTokensQuery, useRevokeToken } from '../queries';
import { Named } from './CertificateActions';
import { CERTIFICATE_MESSAGES, isExpired, projectsText } from '../rules';

const SORT = { column: 'created', direction: 'descending' } as const;
const rowKey = (token: PendingCertificateToken) => token.operationId;
const rowLabel = (token: PendingCertificateToken) => token.name;

function Expiry({ token }: { token: PendingCertificateToken }) {
  if (!token.expiresAt) return <span>Never</span>;
  const date = new Date(token.expiresAt);
  return isExpired(date) ? (
    <span className="p-status-label--negative" title={formatDate(token.expiresAt)}>
      Expired
    </span>
  ) : (
    <span>{formatDate(token.expiresAt)}</span>
  );
}

const COLUMNS: ListColumn<PendingCertificateToken>[] = [
  textColumn('name', 'Name', (token) => token.name, { rowHeader: true, width: 14 }),
  textColumn('access', 'Access', projectsText),
  textColumn('created', 'Created', (token) => token.createdAt, {
    width: 13,
    priority: 2,
    cell: (token) => formatDate(token.createdAt),
  }),
  {
    id: 'expires',
    header: 'Expires',
    width: 13,
    priority: 2,
    sortValue: (token) => token.expiresAt ?? '9999',
    cell: (token) => <Expiry token={token} />,
  },
];

function RevokeTokenButton({
  token,
  restricted,
}: {
  token: PendingCertificateToken;
  restricted: boolean;
}) {
  const notify = useNotify();
  const revoke = useRevokeToken();
  return (
    <ConfirmButton
      className="p-button--negative is-dense"
      label={<Named verb="Revoke" name={`token ${token.name}`} />}
      title="Revoke token"
      confirmLabel="Revoke token"
      danger
      disabled={restricted}
      disabledReason={CERTIFICATE_MESSAGES.noRevokeToken}
      message={
        <p>
          Revoke the token for <strong>{token.name}</strong>? It can then no longer be used to add a
          client.
        </p>
      }
      onConfirm={async () => {
        await revoke.mutateAsync(token.operationId);
        notify.success('Token revoked', `The token for ${token.name} can no longer be used.`);
      }}
    />
  );
}

/**
 * Tokens made but not used yet (`lxc config trust list-tokens`), with their expiry; revoking
 * one deletes its operation. The tokens themselves are not shown again.
 */
export function PendingTokens({ restricted }: { restricted: boolean }) {
  const tokens = useQuery(pendingTokensQuery);
  const rowActions = useCallback(
    (token: PendingCertificateToken) => <RevokeTokenButton token={token} restricted={restricted} />,
    [restricted],
  );
  return (
    <section className="certificate-tokens" aria-labelledby="pending-tokens-heading">
      <h2 className="p-heading--5" id="pending-tokens-heading">
        Pending tokens
      </h2>
      {tokens.isPending ? (
        <Loader text="Loading tokens…" />
      ) : tokens.error ? (
        <ErrorNotice
          title="Could not load the pending tokens"
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : (
        <SortedTable<PendingCertificateToken>
          label="Pending tokens"
          rows={tokens.data}
          columns={COLUMNS}
          rowKey={rowKey}
          rowLabel={rowLabel}
          initialSort={SORT}
          empty="No pending tokens: every token made here was used or revoked."
          rowActions={rowActions}
          actionsWidth={7}
        />
      )}
    </section>
  );
}
