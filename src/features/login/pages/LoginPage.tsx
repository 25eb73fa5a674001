import { serverProductName, ssoOnly } from '../../../lxd/product';
import { Link, Navigate } from '../../../shared/routing/router';
import { useServer } from '../../../shared/query/server';
import { LoginLoading, LoginPanel } from '../components/LoginPanel';
import { loginPaths } from '../paths';

export function LoginPage() {
  const { data: server, error, isPending } = useServer();

  if (isPending) return <LoginLoading />;
  if (server && server.auth !== 'untrusted') return <Navigate to="/" replace />;

  const hasOidc = server?.auth_methods?.includes('oidc') === true;
  const hasCertificate = server?.client_certificate === true;
  // Incus's user.ui.sso_only: single sign-on alone, where the server has it.
  const onlySso = hasOidc && ssoOnly(server);

  return (
    <LoginPanel title={`Log in to ${serverProductName(server)}`}>
      {error && (
        <div className="p-notification--caution" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">
              The server did not answer: {error.message}. You can still set up a certificate.
            </p>
          </div>
        </div>
      )}
      {onlySso ? (
        <p>This console signs you in with single sign-on.</p>
      ) : (
        <p>
          This console signs you in with a client certificate that your browser presents to the
          server
          {hasOidc ? ', or with single sign-on' : ''}.
        </p>
      )}

      {!onlySso && (
        <section className="login-section" aria-labelledby="login-certificate-heading">
          <h2 id="login-certificate-heading" className="p-heading--5">
            Sign in with a browser certificate
          </h2>
          {hasCertificate ? (
            <>
              <p>
                Your browser already presents a client certificate. Add it to the server with a
                trust token from your administrator.
              </p>
              <Link className="p-button--positive" to={loginPaths.add()}>
                Add your certificate with a trust token
              </Link>
              <p className="u-text--muted login-aside">
                Need a different certificate? <Link to={loginPaths.generate()}>Generate one</Link>.
              </p>
            </>
          ) : (
            <ol className="login-steps login-steps--numbered">
              <li>
                <Link to={loginPaths.generate()}>Step 1: generate a certificate</Link> in this
                browser and import it into the browser&apos;s certificate store.
              </li>
              <li>
                <Link to={loginPaths.add()}>Step 2: add the certificate to the server</Link> with a
                trust token from your administrator.
              </li>
            </ol>
          )}
        </section>
      )}

      {hasOidc && (
        <section className="login-section" aria-labelledby="login-sso-heading">
          <h2 id="login-sso-heading" className="p-heading--5">
            Sign in with single sign-on
          </h2>
          <p>Use the identity provider configured on this server.</p>
          <a className={onlySso ? 'p-button--positive' : 'p-button'} href={loginPaths.sso()}>
            {onlySso ? 'Login with SSO' : 'Login with SSO instead'}
          </a>
        </section>
      )}
    </LoginPanel>
  );
}
