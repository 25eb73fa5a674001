import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RSA_GENERALIZED_TIME } from '../../../lxd/testing/pem-fixtures';
import { CertificateListPage } from './pages/CertificateListPage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../../testing/render';
import { renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CERTIFICATE_MESSAGES } from './rules';
import {
  LAPTOP_FP,
  laptop,
  adminAuth,
  serve,
  SignInWatcher,
  open,
  row,
  type Answer,
} from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('editing a certificate', () => {
  const editing = (more: (call: FakeCall) => Answer) =>
    serve((call) => {
      if (call.method === 'GET' && call.url === `/1.0/certificates/${LAPTOP_FP}`) {
        return { metadata: laptop, etag: '"v1"' };
      }
      return more(call);
    });

  it('reads it for its ETag and puts every field with If-Match', async () => {
    const user = userEvent.setup();
    const calls = editing(({ method }) => (method === 'PUT' ? { metadata: {} } : undefined));
    open();
    await user.click(within(await row('laptop')).getByRole('button', { name: 'Edit laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit certificate laptop' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'desk');
    await user.click(within(dialog).getByRole('checkbox', { name: 'default' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(`/1.0/certificates/${LAPTOP_FP}`);
    expect(put?.headers.get('If-Match')).toBe('"v1"');
    expect(put?.body).toEqual({
      name: 'desk',
      type: 'client',
      restricted: true,
      projects: ['default'],
      certificate: RSA_GENERALIZED_TIME,
    });
  });

  it('makes a client unrestricted (no projects sent)', async () => {
    const user = userEvent.setup();
    const calls = editing(({ method }) => (method === 'PUT' ? { metadata: {} } : undefined));
    open();
    await user.click(within(await row('laptop')).getByRole('button', { name: 'Edit laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit certificate laptop' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Restricted' }));
    expect(within(dialog).queryByRole('group', { name: 'Projects' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        restricted: false,
        projects: [],
      });
    });
  });

  it('keeps the form on 412 and can overwrite with the newer ETag', async () => {
    const user = userEvent.setup();
    let etag = '"v1"';
    let puts = 0;
    const calls = serve((call) => {
      if (call.method === 'GET' && call.url === `/1.0/certificates/${LAPTOP_FP}`) {
        return { metadata: laptop, etag };
      }
      if (call.method === 'PUT') {
        puts += 1;
        return puts === 1 ? { status: 412, error: "ETag doesn't match" } : { metadata: {} };
      }
      return undefined;
    });
    open();
    await user.click(within(await row('laptop')).getByRole('button', { name: 'Edit laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit certificate laptop' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'default' }));
    etag = '"v2"';
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this certificate',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'default' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save my changes anyway' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const sent = calls.filter((call) => call.method === 'PUT');
    expect(sent.map((call) => call.headers.get('If-Match'))).toEqual(['"v1"', '"v2"']);
    expect(sent[1]?.body).toMatchObject({ projects: ['team', 'default'] });
  });
});

describe('revoking a certificate', () => {
  it('asks first, then deletes it', async () => {
    const user = userEvent.setup();

    const calls = serve(({ method }) => (method === 'DELETE' ? { metadata: {} } : undefined));
    open();
    await user.click(within(await row('laptop')).getByRole('button', { name: 'Revoke laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke certificate' });
    expect(dialog).toHaveTextContent('The client that presents it can no longer connect');
    expect(dialog).not.toHaveTextContent(CERTIFICATE_MESSAGES.ownRevoke);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => {
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        `/1.0/certificates/${LAPTOP_FP}`,
      ]);
    });
  });

  it('warns that revoking your own certificate ends your access', async () => {
    const user = userEvent.setup();
    const calls = serve(({ method, url }) => {
      if (method === 'DELETE') return { metadata: {} };
      return url === '/1.0' ? { metadata: testServer() } : undefined;
    });
    renderAt(
      '/permissions/certificates',
      <>
        <CertificateListPage />
        <SignInWatcher />
      </>,
      '/permissions/certificates',
      adminAuth(),
    );
    await user.click(
      within(await row('console-admin')).getByRole('button', { name: 'Revoke console-admin' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke your own certificate' });
    expect(dialog).toHaveTextContent(CERTIFICATE_MESSAGES.ownRevoke);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke and lose access' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    });
    // The console asks GET /1.0 again at once: it now says untrusted, and the shell signs out.
    await waitFor(() => {
      expect(calls.filter((call) => call.url === '/1.0')).toHaveLength(2);
    });
  });
});

describe('a restricted client', () => {
  it('sees the list; create, edit and revoke are disabled and say why', async () => {
    serve();
    open('/permissions/certificates', testAuth({ isRestricted: true }));
    const laptopRow = await row('laptop');
    expect(screen.getByText(CERTIFICATE_MESSAGES.readOnly)).toBeInTheDocument();
    const checks: [HTMLElement, string][] = [
      [screen.getByRole('button', { name: 'Create token' }), CERTIFICATE_MESSAGES.noCreate],
      [within(laptopRow).getByRole('button', { name: 'Edit laptop' }), CERTIFICATE_MESSAGES.noEdit],
      [
        within(laptopRow).getByRole('button', { name: 'Revoke laptop' }),
        CERTIFICATE_MESSAGES.noRevoke,
      ],
      [
        within(await screen.findByRole('table', { name: 'Pending tokens' })).getByRole('button', {
          name: 'Revoke token ci-runner',
        }),
        CERTIFICATE_MESSAGES.noRevokeToken,
      ],
    ];
    for (const [control, reason] of checks) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', reason);
      expect(control).toHaveAccessibleDescription(reason);
    }
  });
});
