import { useId, useState, type SubmitEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '../../../shared/routing/router';
import { serverKeys, serverQuery, useServer } from '../../../shared/query/server';
import { LoginLoading, LoginPanel } from '../components/LoginPanel';
import { describeEnrolError, MESSAGES, type EnrolErrorView } from '../enrol';
import { redeemTrustToken } from '../redeem';
import { compactToken, decodeTrustToken } from '../token';
import { loginPaths } from '../paths';

export function CertificateAddPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: server, isPending } = useServer();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<EnrolErrorView | undefined>();

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
    onError: (error, raw) => {
      setServerError(describeEnrolError(error, decodeTrustToken(raw)));
    },
  });

  if (isPending) return <LoginLoading />;
  if (server && server.auth !== 'untrusted' && !mutation.isPending && !mutation.isSuccess) {
    return <Navigate to="/" replace />;
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(undefined);
    const raw = compactToken(text);
    if (!raw) {
      setFieldError(MESSAGES.emptyToken);
      return;
    }
    if (!decodeTrustToken(raw)) {
      setFieldError(MESSAGES.invalidToken);
      return;
    }
    setFieldError(undefined);
    mutation.mutate(raw);
  };

  const fieldId = `${id}-token`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
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
      <form onSubmit={onSubmit} noValidate aria-label="Add certificate">
        <div className={`p-form__group p-form-validation${fieldError ? ' is-error' : ''}`}>
          <label htmlFor={fieldId}>Trust token</label>
          <textarea
            id={fieldId}
            className="p-form-validation__input login-token"
            rows={5}
            value={text}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={[fieldError ? errorId : '', helpId].join(' ').trim()}
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
          {fieldError && (
            <p className="p-form-validation__message" id={errorId} role="alert">
              {fieldError}
            </p>
          )}
          <p className="p-form-help-text" id={helpId}>
            An administrator creates one with <code>lxc config trust add --name &lt;name&gt;</code>.
          </p>
        </div>
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
        <button type="submit" className="p-button--positive" disabled={mutation.isPending}>
          {mutation.isPending ? 'Connecting…' : 'Connect'}
        </button>
      </form>
      <p className="login-back">
        <Link to={loginPaths.generate()}>Back to step 1</Link> ·{' '}
        <Link to={loginPaths.login()}>Back to login</Link>
      </p>
    </LoginPanel>
  );
}
