import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ResourceForm, useResourceForm } from '../../../shared/forms';
import { errorText } from '../../../shared/notifications';
import { Link, Navigate } from '../../../shared/routing/router';
import { useServer } from '../../../shared/query/server';
import { BrowserImport } from '../components/BrowserImport';
import { LoginLoading, LoginPanel } from '../components/LoginPanel';
import { PasswordField } from '../components/PasswordField';
import { certificateFileName, downloadFile } from '../download';
import {
  generateInWorker,
  type ClientCertificate,
  type GenerationJob,
  type GenerationStage,
} from '../generate';
import { passwordMismatch } from '../password';
import { loginPaths } from '../paths';

const STAGES: Record<GenerationStage, { step: number; label: string }> = {
  key: { step: 1, label: 'Creating a 2048-bit RSA key…' },
  certificate: { step: 2, label: 'Signing the certificate…' },
  pfx: { step: 3, label: 'Packing the .pfx file…' },
};

interface PasswordValues {
  password: string;
  confirmation: string;
}

export function CertificateGeneratePage() {
  const { data: server, isPending } = useServer();
  const [stage, setStage] = useState<GenerationStage | undefined>();
  const [certificate, setCertificate] = useState<ClientCertificate | undefined>();
  const job = useRef<GenerationJob | undefined>(undefined);
  const hostname = window.location.hostname;
  const kit = useResourceForm<PasswordValues>({
    defaultValues: { password: '', confirmation: '' },
    validate: ({ password, confirmation }) => ({
      confirmation: passwordMismatch(password, confirmation),
    }),
    onSubmit: async ({ password }) => {
      setStage('key');
      const current = generateInWorker({ password, hostname }, setStage);
      job.current = current;
      try {
        setCertificate(await current.result);
      } finally {
        setStage(undefined);
      }
    },
  });
  // The confirmation's problem follows the password once the confirmation was typed.
  const { getFieldState, trigger } = kit.form;
  const password = useWatch({ control: kit.form.control, name: 'password' });
  useEffect(() => {
    if (getFieldState('confirmation').isDirty) void trigger('confirmation');
  }, [password, getFieldState, trigger]);

  useEffect(() => () => job.current?.cancel(), []);

  if (isPending) return <LoginLoading />;
  if (server && server.auth !== 'untrusted') return <Navigate to="/" replace />;

  const generating = kit.busy;
  const startOver = () => {
    setCertificate(undefined);
    kit.revert();
  };

  return (
    <LoginPanel title="Generate a client certificate" eyebrow="Step 1 of 2">
      <p>
        The key and certificate are created here in your browser; the private key never leaves this
        computer. You will import the resulting <code>.pfx</code> file into your browser.
      </p>

      {!certificate && (
        <ResourceForm kit={kit} label="Generate certificate">
          <PasswordField
            name="password"
            label="Password for the .pfx file (optional)"
            disabled={generating}
            help="Protects the file that holds your private key. macOS (Safari) needs one."
          />
          <PasswordField name="confirmation" label="Confirm password" disabled={generating} />
          <button type="submit" className="p-button--positive" disabled={generating}>
            {generating ? 'Generating…' : 'Generate certificate'}
          </button>
          {stage && (
            <div className="login-progress" role="status">
              <i className="p-icon--spinner login-spin" aria-hidden="true" />
              <progress max={3} value={STAGES[stage].step} aria-label="Generating certificate" />
              <span>
                {STAGES[stage].label} ({STAGES[stage].step} of 3)
              </span>
            </div>
          )}
          {kit.failure !== undefined && (
            <div className="p-notification--negative" role="alert">
              <div className="p-notification__content">
                <p className="p-notification__message">
                  The certificate could not be generated: {errorText(kit.failure)}
                </p>
              </div>
            </div>
          )}
        </ResourceForm>
      )}

      {certificate && (
        <>
          <section className="login-section" aria-labelledby="login-download-heading">
            <h2 id="login-download-heading" className="p-heading--5">
              Download your certificate
            </h2>
            <p role="status">Your certificate is ready.</p>
            <div className="login-actions">
              <button
                type="button"
                className="p-button--positive"
                onClick={() => {
                  downloadFile(
                    certificate.pfx,
                    certificateFileName(hostname, 'pfx'),
                    'application/x-pkcs12',
                  );
                }}
              >
                Download .pfx
              </button>
              <button
                type="button"
                className="p-button"
                onClick={() => {
                  downloadFile(
                    certificate.crt,
                    certificateFileName(hostname, 'crt'),
                    'application/x-x509-user-cert',
                  );
                }}
              >
                Download .crt
              </button>
            </div>
            <p className="u-text--muted">
              The <code>.pfx</code> holds the certificate and its private key, for your browser:
              keep it private. The <code>.crt</code> is the certificate alone, for an administrator
              who prefers to trust the file directly on the server.
            </p>
          </section>

          <section className="login-section" aria-labelledby="login-import-heading">
            <h2 id="login-import-heading" className="p-heading--5">
              Import the .pfx into your browser
            </h2>
            <BrowserImport />
            <p>
              Your browser presents the certificate only after a restart (or, in Firefox, a reload
              of this page).
            </p>
          </section>

          <div className="login-actions">
            <Link className="p-button--positive" to={loginPaths.add()}>
              Continue to step 2
            </Link>
            <button type="button" className="p-button--base" onClick={startOver}>
              Generate a new certificate
            </button>
          </div>
        </>
      )}

      <p className="login-back">
        <Link to={loginPaths.login()}>Back to login</Link>
      </p>
    </LoginPanel>
  );
}
