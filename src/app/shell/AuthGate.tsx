import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Outlet } from '../../shared/routing/router';
import { LxdApiError } from '../../lxd/client';
import { fetchCertificate, fetchCurrentIdentity } from '../../lxd/endpoints/identities';
import { AuthContext } from '../../shared/auth/context';
import { projectsQuery } from '../../shared/query/projects';
import { serverQuery } from '../../shared/query/server';
import { Loader } from '../../shared/ui/Loader';
import { logout } from '../../features/login';
import { permissionsKeys } from '../../features/permissions/keys';
import { EXT_ACCESS_MANAGEMENT, buildAuthState, fineGrainedMode, isAuthenticated } from './auth';
import { AuthenticationFailedScreen } from './errors/ErrorScreens';
import { RemoteSwitcher } from './RemoteSwitcher';
import { useEntitlements } from './useEntitlements';

/**
 * Everything under this route needs sign-in. The console is loading until the settings, the
 * current identity (where the server has one) and the projects are known (spec §4).
 */
export function AuthGate() {
  const server = useQuery(serverQuery);
  const trusted = isAuthenticated(server.data);
  const hasIdentities = server.data?.api_extensions.includes(EXT_ACCESS_MANAGEMENT) === true;
  const fingerprint =
    server.data?.auth_user_method === 'tls' ? server.data.auth_user_name : undefined;

  const identity = useQuery({
    queryKey: permissionsKeys.currentIdentity,
    queryFn: ({ signal }) => fetchCurrentIdentity(signal),
    enabled: trusted && hasIdentities,
  });
  // Whether the client is a restricted certificate: the identity's type says so where the server
  // has identities; the certificate is asked for where it has none, or the identity did not say.
  const certificate = useQuery({
    queryKey: permissionsKeys.currentCertificate(fingerprint ?? ''),
    queryFn: ({ signal }) => fetchCertificate(fingerprint ?? '', signal),
    enabled:
      trusted &&
      fingerprint !== undefined &&
      (!hasIdentities || (!identity.isPending && identity.data?.type === undefined)),
    retry: false,
  });
  const projects = useQuery({ ...projectsQuery, enabled: trusted });
  const entitled = useEntitlements(
    server.data && trusted ? fineGrainedMode(server.data, identity.data) : null,
    server.data,
    projects.data,
  );

  const state = useMemo(
    () =>
      entitled.server && trusted
        ? buildAuthState({
            server: entitled.server,
            identity: identity.data,
            projects: entitled.projects ?? [],
            certificate: certificate.data,
          })
        : null,
    [entitled.server, trusted, identity.data, entitled.projects, certificate.data],
  );

  if (server.isPending) return <Loader text="Loading…" fullPage />;
  if (server.error) {
    if (server.error instanceof LxdApiError && [401, 403].includes(server.error.status)) {
      return (
        <AuthenticationFailedScreen error={server.error.message} onLogout={() => void logout()} />
      );
    }
    // A console server's remote may be down: the remote switcher leads to the others.
    return (
      <div className="full-page-message" role="alert">
        <h1 className="p-heading--4">Cannot reach the server</h1>
        <p>{server.error.message}</p>
        <button type="button" className="p-button" onClick={() => void server.refetch()}>
          Try again
        </button>
        <div className="full-page-message__remote">
          <RemoteSwitcher />
        </div>
      </div>
    );
  }
  if (!trusted) return <Navigate to="/login" replace />;
  const waiting =
    projects.isPending ||
    entitled.pending ||
    (hasIdentities && identity.isPending) ||
    (certificate.fetchStatus === 'fetching' && certificate.isPending);
  if (waiting || !state) return <Loader text="Loading…" fullPage />;

  return (
    <AuthContext.Provider value={state}>
      <Outlet />
    </AuthContext.Provider>
  );
}
