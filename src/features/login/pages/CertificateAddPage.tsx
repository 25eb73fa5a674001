import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientCommand } from '../../../lxd/product';
import { ResourceForm, TextareaInput, useResourceForm } from '../../../shared/forms';
import { Link, Navigate, useNavigate } from '../../../shared/routing/router';
import { serverKeys, serverQuery, useServer } from '../../../shared/query/server';
import { LoginLoading, LoginPanel } from '../components/LoginPanel';
import { adminTokenCommand, describeEnrolError, enrolMessages, type ClientCommand } from '../enrol';
import { redeemTrustToken } from '../redeem';
import { compactToken, decodeTrustToken } from '../token';
import { loginPaths } from '../paths';

/** The problem with the pasted text: none, or not a token at all. */
function tokenProblem(text: string, client: ClientCommand): string | undefined {
  const messages = enrolMessages(client);
  const raw = compactToken(text);
  if (!raw) return messages.emptyToken;
  return decodeTrustToken(raw) ? undefined : messages.invalidToken;
}

export function CertificateAddPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: server, isPending } = useServer();
  // The untrusted GET /1.0 tells LXD from Incus (by its extensions): each has its own client.
  const client = clientCommand(server);

  const mutation = useMutation({
    mutationFn: async (raw: string) => {
      const current =
        queryClient.getQueryData(serverQuery.queryKey) ?? (await queryClient.query(serverQuery));
      await redeemTrustToken(current, raw);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: serverKeys.all });
      await navigate('/', { replace: true });
    },
  });
  const kit = useResourceForm<{ token: string }>({
    defaultValues: { token: '' },
    validate: ({ token }) => ({ token: tokenProblem(token, client) }),
    onSubmit: ({ token }) => mutation.mutateAsync(compactToken(token)),
  });

  if (isPending) return <LoginLoading />;
  if (server && server.auth !== 'untrusted' && !mutation.isPending && !mutation.isSuccess) {
    return <Navigate to="/" replace />;
  }

  const serverError =
    kit.failure === undefined
      ? undefined
      : describeEnrolError(
          kit.failure,
          decodeTrustToken(mutation.variables ?? ''),
          new Date(),
          client,
        );
  const noCertificate = server?.client_certificate === false;

  return (
    <LoginPanel title="Add your certificate to the server" eyebrow="Step 2 of 2">
      <p>
        Paste the trust token your administrator created for you. The server then trusts the
        certificate your browser presents.
      </p>
      {noCertificate && (
        <div className="p-notification--caution">
          <div className="p-notification__content">
            <p className="p-notification__message">
              Your browser is not presenting a client certificate to this server. Import the
              certificate from <Link to={loginPaths.generate()}>step 1</Link> and restart the
              browser before you continue.
            </p>
          </div>
        </div>
      )}
      <ResourceForm kit={kit} label="Add certificate">
        <TextareaInput
          name="token"
          label="Trust token"
          rows={5}
          className="login-token"
          help={
            <>
              An administrator creates one with <code>{adminTokenCommand(client)}</code>.
            </>
          }
        />
        {serverError && (
          <div className="p-notification--negative" role="alert">
            <div className="p-notification__content">
              <h2 className="p-notification__title">Could not add the certificate</h2>
              <p className="p-notification__message">{serverError.message}</p>
              {serverError.kind === 'no-certificate' && (
                <p className="p-notification__message">
                  <Link to={loginPaths.generate()}>Go to step 1: generate a certificate</Link>
                </p>
              )}
            </div>
          </div>
        )}
        <button type="submit" className="p-button--positive" disabled={kit.busy}>
          {kit.busy ? 'Connecting…' : 'Connect'}
        </button>
      </ResourceForm>
      <p className="login-back">
        <Link to={loginPaths.generate()}>Back to step 1</Link> ·{' '}
        <Link to={loginPaths.login()}>Back to login</Link>
      </p>
    </LoginPanel>
  );
}
