import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import { LoginPage } from './pages/LoginPage';
import { fakeLxd, renderPage, sync, untrustedServer } from './test-utils';

afterEach(() => {
  setCurrentRemote(null);
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('explains the two certificate steps and offers no SSO without oidc', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer()) : undefined));
    renderPage(LoginPage, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to LXD' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Step 1: generate a certificate' })).toHaveAttribute(
      'href',
      '/login/certificate-generate',
    );
    expect(
      screen.getByRole('link', { name: 'Step 2: add the certificate to the server' }),
    ).toHaveAttribute('href', '/login/certificate-add');
    expect(screen.queryByRole('link', { name: 'Login with SSO instead' })).toBeNull();
  });

  it('shows the SSO button when the server lists oidc', async () => {
    fakeLxd(({ url }) =>
      url === '/1.0' ? sync(untrustedServer({ auth_methods: ['tls', 'oidc'] })) : undefined,
    );
    renderPage(LoginPage, '/login');
    const sso = await screen.findByRole('link', { name: 'Login with SSO instead' });
    expect(sso).toHaveAttribute('href', '/oidc/login');
  });

  it("signs in with the SSO of the page's remote", async () => {
    setCurrentRemote('incus');
    fakeLxd(({ url }) =>
      url === '/remote/incus/1.0'
        ? sync(untrustedServer({ auth_methods: ['tls', 'oidc'] }))
        : undefined,
    );
    renderPage(LoginPage, '/login');
    const sso = await screen.findByRole('link', { name: 'Login with SSO instead' });
    expect(sso).toHaveAttribute('href', '/remote/incus/oidc/login');
  });

  it('goes straight to step 2 when the browser already presents a certificate', async () => {
    fakeLxd(({ url }) =>
      url === '/1.0'
        ? sync(
            untrustedServer({
              api_extensions: ['client_cert_presence'],
              client_certificate: true,
            }),
          )
        : undefined,
    );
    renderPage(LoginPage, '/login');
    const add = await screen.findByRole('link', {
      name: 'Add your certificate with a trust token',
    });
    expect(add).toHaveAttribute('href', '/login/certificate-add');
    expect(screen.queryByRole('link', { name: 'Step 1: generate a certificate' })).toBeNull();
  });

  it('redirects a trusted browser home', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer({ auth: 'trusted' })) : undefined));
    renderPage(LoginPage, '/login');
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});

describe('LoginPage on Incus', () => {
  it('names Incus (told by its extensions: an untrusted answer has no environment)', async () => {
    fakeLxd(({ url }) =>
      url === '/1.0'
        ? sync(untrustedServer({ api_extensions: ['certificate_token', 'dev_incus_events'] }))
        : undefined,
    );
    renderPage(LoginPage, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Incus' })).toBeVisible();
    expect(screen.getByText('Incus Console')).toBeVisible();
    expect(screen.queryByText(/LXD/)).toBeNull();
  });

  it('offers single sign-on alone when Incus says user.ui.sso_only (shown before sign-in)', async () => {
    const incus = (config: Record<string, string>) =>
      untrustedServer({
        api_extensions: ['certificate_token', 'dev_incus_events'],
        auth_methods: ['tls', 'oidc'],
        config,
      });
    fakeLxd(({ url }) =>
      url === '/1.0' ? sync(incus({ 'user.ui.sso_only': 'true' })) : undefined,
    );
    const { unmount } = renderPage(LoginPage, '/login');
    const sso = await screen.findByRole('link', { name: 'Login with SSO' });
    expect(sso).toHaveAttribute('href', '/oidc/login');
    expect(screen.getByText('This console signs you in with single sign-on.')).toBeVisible();
    expect(
      screen.queryByRole('heading', { name: 'Sign in with a browser certificate' }),
    ).toBeNull();
    expect(screen.queryByRole('link', { name: /^Step 1/ })).toBeNull();
    unmount();

    // Off, or without OIDC, the certificate steps stay.
    fakeLxd(({ url }) =>
      url === '/1.0' ? sync(incus({ 'user.ui.sso_only': 'false' })) : undefined,
    );
    renderPage(LoginPage, '/login');
    expect(await screen.findByRole('link', { name: 'Login with SSO instead' })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Sign in with a browser certificate' }),
    ).toBeVisible();
  });

  it('names LXD on LXD', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer()) : undefined));
    renderPage(LoginPage, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to LXD' })).toBeVisible();
    expect(screen.getByText('LXD Console')).toBeVisible();
  });
});
