import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCertificateToken,
  deleteCertificate,
  EXT_AUTH_USER,
  fetchCertificate,
  fetchCertificates,
  fetchPendingTokens,
  probeOwnFingerprint,
  revokePendingToken,
  updateCertificate,
} from '../../../lxd/endpoints/certificates';
import type { LxdCertificatePut } from '../../../lxd/types/certificate';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import { serverKeys } from '../../../shared/query/server';
import { permissionsKeys } from '../keys';

export const certificateKeys = {
  list: permissionsKeys.certificates,
  tokens: permissionsKeys.certificateTokens,
  detail: (fingerprint: string) =>
    [...permissionsKeys.all, 'certificates', 'detail', fingerprint] as const,
  /**
   * The caller's own fingerprint, found out on servers that do not report it. Outside the
   * permissions root on purpose: certificate events need not ask the server again.
   */
  own: ['own-certificate'] as const,
};

export const certificatesQuery = queryOptions({
  queryKey: certificateKeys.list,
  queryFn: ({ signal }) => fetchCertificates(signal),
});

export const pendingTokensQuery = queryOptions({
  queryKey: certificateKeys.tokens,
  queryFn: ({ signal }) => fetchPendingTokens(signal),
});

/** One certificate as it is now, with its ETag (the edit dialog reads it fresh each time). */
export function certificateQuery(fingerprint: string) {
  return queryOptions({
    queryKey: certificateKeys.detail(fingerprint),
    queryFn: ({ signal }) => fetchCertificate(fingerprint, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The fingerprint of the certificate this console signs in with: GET /1.0 names it
 * (`auth_user_name` with method tls) from LXD 5.0.3, 5.21 and Incus; LXD 5.0.2 does not, so for
 * an unrestricted client it is read from the server's request log (probeOwnFingerprint).
 * Undefined when it cannot be known (a restricted client on 5.0.2, the unix socket).
 */
export function useOwnFingerprint(): string | undefined {
  const auth = useAuth();
  const { server } = auth;
  const reported = server.auth_user_method === 'tls' ? server.auth_user_name : undefined;
  const probe = useQuery({
    queryKey: certificateKeys.own,
    queryFn: async () => (await probeOwnFingerprint()) ?? null,
    enabled:
      reported === undefined && !hasServerExtension(auth, EXT_AUTH_USER) && !auth.isRestricted,
    staleTime: Infinity,
    retry: false,
  });
  return reported ?? probe.data ?? undefined;
}

function useInvalidate() {
  const client = useQueryClient();
  return (queryKey: readonly unknown[]) => client.invalidateQueries({ queryKey });
}

export function useCreateToken() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: createCertificateToken,
    onSuccess: () => invalidate(certificateKeys.tokens),
  });
}

export function useRevokeToken() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: revokePendingToken,
    onSuccess: () => invalidate(certificateKeys.tokens),
  });
}

export function useUpdateCertificate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: {
      fingerprint: string;
      body: LxdCertificatePut;
      etag: string | undefined;
    }) => updateCertificate(input.fingerprint, input.body, input.etag),
    onSuccess: () => invalidate(certificateKeys.list),
  });
}

/** Revoking the console's own certificate: GET /1.0 then says untrusted and the shell signs out. */
export function useRevokeCertificate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { fingerprint: string; own: boolean }) =>
      deleteCertificate(input.fingerprint),
    onSuccess: async (_, { own }) => {
      if (own) await invalidate(serverKeys.all);
      await invalidate(certificateKeys.list);
    },
  });
}
