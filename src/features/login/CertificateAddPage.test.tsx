import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverKeys } from '../../shared/query/server';
import { CertificateAddPage } from './pages/CertificateAddPage';
import { failure, fakeLxd, renderPage, sync, untrustedServer } from './test-utils';
import { ZERO_DATE } from './token';

const TOKEN = btoa(
  JSON.stringify({ client_name: 'me', fingerprint: 'f', secret: 's', expires_at: ZERO_DATE }),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submit(text: string) {
  const user = userEvent.setup();
  const field = await screen.findByRole('textbox', { name: 'Trust token' });
  await user.click(field);
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  return field;
}

describe('CertificateAddPage', () => {
  it('redeems the token, refreshes the server settings and goes home', async () => {
    let trusted = false;
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'GET' && url === '/1.0') {
        return sync(untrustedServer({ auth: trusted ? 'trusted' : 'untrusted' }));
      }
      if (method === 'POST' && url === '/1.0/certificates') {
        trusted = true;
        return { status: 201, body: { type: 'sync', metadata: {} } };
      }
      return undefined;
    });
    const { queryClient, router } = renderPage(CertificateAddPage, '/login/certificate-add');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Add your certificate to the server',
    );
    await submit(`  ${TOKEN}\n`);

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: serverKeys.all });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ type: 'client', password: TOKEN });
    expect(calls.filter((call) => call.url === '/1.0').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the token and explains a used token', async () => {
    fakeLxd(({ method, url }) => {
      if (method === 'GET' && url === '/1.0') return sync(untrustedServer());
      if (method === 'POST') return failure(403, 'No matching certificate add operation found');
      return undefined;
    });
    renderPage(CertificateAddPage, '/login/certificate-add');
    const field = await submit(TOKEN);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This token was already used or is wrong. Ask the server administrator for a new one (lxc config trust add --name <name>).',
    );
    expect(field).toHaveValue(TOKEN);
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('points to step 1 when the browser presented no certificate', async () => {
    fakeLxd(({ method, url }) => {
      if (method === 'GET' && url === '/1.0') return sync(untrustedServer());
      if (method === 'POST') return failure(400, 'No client certificate provided');
      return undefined;
    });
    renderPage(CertificateAddPage, '/login/certificate-add');
    await submit(TOKEN);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Import the certificate from step 1 into your browser first');
    const link = screen.getByRole('link', { name: 'Go to step 1: generate a certificate' });
    expect(link).toHaveAttribute('href', '/login/certificate-generate');
  });

  it('rejects text that is not a token next to the field, without calling the server', async () => {
    const calls = fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer()) : undefined));
    renderPage(CertificateAddPage, '/login/certificate-add');
    const field = await submit('hunter2');

    const message = await screen.findByText(/This is not a trust token/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(field).toHaveValue('hunter2');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends trust_token to a server with explicit_trust_token', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (url === '/1.0') {
        return sync(
          untrustedServer({ api_extensions: ['certificate_token', 'explicit_trust_token'] }),
        );
      }
      if (method === 'POST') return failure(500, 'boom');
      return undefined;
    });
    renderPage(CertificateAddPage, '/login/certificate-add');
    await submit(TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    await waitFor(() => {
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        type: 'client',
        trust_token: TOKEN,
      });
    });
  });

  it('redirects a trusted browser home', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer({ auth: 'trusted' })) : undefined));
    renderPage(CertificateAddPage, '/login/certificate-add');
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});

describe('CertificateAddPage on Incus', () => {
  /** Incus, as its untrusted GET /1.0 tells it: by its extensions (no environment). */
  const incus = () =>
    untrustedServer({ api_extensions: ['certificate_token', 'dev_incus_events'] });

  it('shows the incus command that makes a token (the name is an argument)', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(incus()) : undefined));
    renderPage(CertificateAddPage, '/login/certificate-add');
    const field = await screen.findByRole('textbox', { name: 'Trust token' });
    expect(field).toHaveAccessibleDescription(
      'An administrator creates one with incus config trust add <name>.',
    );
    expect(screen.queryByText(/lxc/)).toBeNull();
  });

  it('asks for a new token with the incus command after a used one', async () => {
    fakeLxd(({ method, url }) => {
      if (method === 'GET' && url === '/1.0') return sync(incus());
      if (method === 'POST') return failure(403, 'not authorized');
      return undefined;
    });
    renderPage(CertificateAddPage, '/login/certificate-add');
    await submit(TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This token was already used or is wrong. Ask the server administrator for a new one (incus config trust add <name>).',
    );
  });

  it('names incus config trust add for text that is not a token', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(incus()) : undefined));
    renderPage(CertificateAddPage, '/login/certificate-add');
    await submit('hunter2');
    expect(await screen.findByText(/This is not a trust token/)).toHaveTextContent(
      'This is not a trust token. Paste the whole token, exactly as printed by incus config trust add.',
    );
  });

  it('LXD keeps lxc config trust add --name <name>', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer()) : undefined));
    renderPage(CertificateAddPage, '/login/certificate-add');
    const field = await screen.findByRole('textbox', { name: 'Trust token' });
    expect(field).toHaveAccessibleDescription(
      'An administrator creates one with lxc config trust add --name <name>.',
    );
  });
});
