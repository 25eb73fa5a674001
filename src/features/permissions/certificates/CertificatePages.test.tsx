import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdCertificate } from '../../../lxd/types/certificate';
import { EC_UTC_TIME, RSA_GENERALIZED_TIME } from '../../../lxd/testing/pem-fixtures';
import { serverQuery } from '../../../shared/query/server';
import { testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CertificateListPage } from './pages/CertificateListPage';
import { CERTIFICATE_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ADMIN_FP = 'c5f7398118fe034075007a67b40d32f38ed78ef37c0a00c0037c61cc9c924d58';
const LAPTOP_FP = '191cafc495f9b7b6e70fbe59ddb2387c5e728dbc682517343d64a8554bbb5e44';
const METRICS_FP = '5e1ec7ed0000aaaabbbbccccddddeeeeffff00001111222233334444555566667';

const admin: LxdCertificate = {
  name: 'console-admin',
  type: 'client',
  restricted: false,
  projects: [],
  certificate: EC_UTC_TIME,
  fingerprint: ADMIN_FP,
};
const laptop: LxdCertificate = {
  name: 'laptop',
  type: 'client',
  restricted: true,
  projects: ['team'],
  certificate: RSA_GENERALIZED_TIME,
  fingerprint: LAPTOP_FP,
};
const metrics: LxdCertificate = {
  name: 'prometheus',
  type: 'metrics',
  restricted: false,
  projects: null,
  certificate: 'not a certificate',
  fingerprint: METRICS_FP,
};

const tokenOperation = {
  id: 'op-1',
  class: 'token',
  created_at: '2026-11-24T21:07:16Z',
  status: 'Running',
  status_code: 103,
  metadata: {
    addresses: ['127.0.0.1:18443'],
    fingerprint: '9e49910f3a14fd4f67c4ef143774d7887f1ae473dbf1faf2fd6fa1d06c617f74',
    request: { name: 'ci-runner', type: 'client', restricted: true, projects: ['team'] },
    secret: 'the-secret',
    expiresAt: '2026-11-25T21:07:16Z',
  },
};

/** An admin on a server that names its caller (auth_user), projects default and team. */
const adminAuth = () =>
  testAuth({
    server: testServer({
      api_extensions: ['auth_user'],
      auth_user_method: 'tls',
      auth_user_name: ADMIN_FP,
      environment: { server_version: '5.0.3', server_clustered: false, server_name: 'Lab Host' },
    }),
    projects: [
      { name: 'default', description: '', config: {} },
      { name: 'team', description: '', config: {} },
    ],
  });

type Answer = ReturnType<Parameters<typeof fakeLxd>[0]>;

/** The trust store over fetch: lists, tokens and whatever `more` answers. */
function serve(more: (call: FakeCall) => Answer = () => undefined, tokens = [tokenOperation]) {
  return fakeLxd((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === '/1.0/certificates?recursion=1') {
      return { metadata: [admin, laptop, metrics] };
    }
    if (call.method === 'GET' && call.url === '/1.0/operations?recursion=1') {
      return { metadata: { running: tokens } };
    }
    return undefined;
  });
}

/** Stands in for the app shell, which watches GET /1.0. */
function SignInWatcher() {
  useQuery(serverQuery);
  return null;
}

const open = (entry = '/permissions/certificates', auth = adminAuth()) =>
  renderAt('/permissions/certificates', <CertificateListPage />, entry, auth);

const table = () => screen.findByRole('table', { name: 'Certificates' });
const row = async (name: string) =>
  (await within(await table()).findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest(
    'tr',
  ) as HTMLElement;

describe('certificate list', () => {
  it('shows name, type, short fingerprint, restricted, projects and expiry; yours is marked', async () => {
    serve();
    open();
    const mine = await row('console-admin');
    expect(within(mine).getByText('You')).toHaveAttribute(
      'title',
      'The certificate this console signs in with',
    );
    expect(mine).toHaveTextContent('client');
    expect(within(mine).getByText('c5f7398118fe')).toHaveAttribute('title', ADMIN_FP);
    expect(mine).toHaveTextContent('No');
    expect(mine).toHaveTextContent('All projects');
    expect(within(mine).getByText(/2036/)).toHaveAttribute('title', '2036-11-21T15:53:42.000Z');

    const other = await row('laptop');
    expect(within(other).queryByText('You')).toBeNull();
    expect(other).toHaveTextContent('Yes');
    expect(other).toHaveTextContent('team');
    expect(other).toHaveTextContent('2136');
    expect(await row('prometheus')).toHaveTextContent('Unknown');
  });

  it('copies the full fingerprint', async () => {
    const user = userEvent.setup();
    serve();
    open();
    const laptopRow = await row('laptop');
    await user.click(
      within(laptopRow).getByRole('button', { name: 'Copy fingerprint 191cafc495f9' }),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe(LAPTOP_FP);
    expect(within(laptopRow).getByRole('status')).toHaveTextContent('Copied');
  });

  it('marks expired certificates', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2037-01-01T00:00:00Z'));
    serve();
    open();
    const expired = within(await row('console-admin')).getByText('Expired');
    expect(expired).toHaveAttribute('title', expect.stringMatching(/^Expired on .*2036/));
  });

  it('searches and filters by type and restricted, in the URL', async () => {
    const user = userEvent.setup();
    serve();
    open('/permissions/certificates?restricted=yes');
    const list = await table();
    expect(within(list).getByRole('rowheader', { name: 'laptop' })).toBeInTheDocument();
    expect(within(list).queryByRole('rowheader', { name: /console-admin/ })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Restricted' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'metrics');
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/permissions/certificates?type=metrics',
      );
    });
    expect(
      within(list)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['prometheus']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await user.type(screen.getByRole('searchbox', { name: 'Search certificates' }), '191caf');
    await waitFor(() => {
      expect(
        within(list)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['laptop']);
    });
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=191caf');
    });
  });

  it('on a server that does not name its caller, finds the own certificate in its request log', async () => {
    const sockets: {
      url: string;
      onopen?: () => void;
      onmessage?: (e: { data: string }) => void;
    }[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        onopen?: () => void;
        onmessage?: (e: { data: string }) => void;
        constructor(readonly url: string) {
          sockets.push(this);
        }
        close() {}
      },
    );
    const calls = serve();
    open('/permissions/certificates', testAuth());
    await waitFor(() => {
      expect(sockets).toHaveLength(1);
    });
    expect(sockets[0]?.url).toMatch(/\/1\.0\/events\?type=logging$/);
    sockets[0]?.onopen?.();
    await waitFor(() => {
      expect(calls.some((call) => call.url.startsWith('/1.0?console-whoami-'))).toBe(true);
    });
    const marked = calls.find((call) => call.url.startsWith('/1.0?console-whoami-'))?.url ?? '';
    const context = { protocol: 'tls', url: marked, username: LAPTOP_FP };
    sockets[0]?.onmessage?.({
      data: JSON.stringify({
        type: 'logging',
        metadata: { message: 'Handling API request', context },
      }),
    });
    expect(await within(await row('laptop')).findByText('You')).toBeInTheDocument();
  });
});

describe('trust tokens', () => {
  it('creates a token for a restricted client and shows it once, with the lxc command', async () => {
    const user = userEvent.setup();
    const calls = serve(({ method, url }) =>
      method === 'POST' && url === '/1.0/certificates'
        ? { status: 202, metadata: { ...tokenOperation, id: 'op-2' } }
        : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create trust token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CERTIFICATE_MESSAGES.nameRequired);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' ci-runner ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Restricted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      CERTIFICATE_MESSAGES.projectsRequired,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token for ci-runner' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'ci-runner',
      type: 'client',
      token: true,
      restricted: true,
      projects: ['team'],
    });
    const token = within(shown).getByRole('textbox', { name: 'Trust token' });
    const expected = btoa(
      JSON.stringify({
        client_name: 'ci-runner',
        fingerprint: tokenOperation.metadata.fingerprint,
        addresses: ['127.0.0.1:18443'],
        secret: 'the-secret',
        expires_at: '2026-11-25T21:07:16Z',
      }),
    );
    expect(token).toHaveValue(expected);
    expect(shown).toHaveTextContent('it is shown only this once');
    expect(
      within(shown).getByRole('textbox', { name: 'Add this server as a remote on the client' }),
    ).toHaveValue(`lxc remote add lab-host ${expected}`);
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(expected);
    await user.click(within(shown).getByRole('button', { name: 'Copy command' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `lxc remote add lab-host ${expected}`,
    );

    // Closed, it is gone: the page never shows it again.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveTextContent(expected);
  });

  it('says why the server refused a token and keeps the form', async () => {
    const user = userEvent.setup();
    serve(({ method }) =>
      method === 'POST'
        ? { status: 400, error: "Can't issue token when server isn't listening on network" }
        : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create trust token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ci');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Can't issue token when server isn't listening on network",
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('ci');
  });

  it('lists pending tokens with name, access and expiry, and revokes one', async () => {
    const user = userEvent.setup();
    let tokens = [tokenOperation];
    const calls = fakeLxd((call) => {
      if (call.url === '/1.0/certificates?recursion=1') return { metadata: [admin] };
      if (call.url === '/1.0/operations?recursion=1') return { metadata: { running: tokens } };
      if (call.method === 'DELETE' && call.url === '/1.0/operations/op-1') {
        tokens = [];
        return { metadata: {} };
      }
      return undefined;
    });
    open();
    const pending = await screen.findByRole('table', { name: 'Pending tokens' });
    const token = within(pending).getByRole('rowheader', { name: 'ci-runner' }).closest('tr');
    expect(token).toHaveTextContent('team');
    expect(token).toHaveTextContent(/2026/);
    expect(pending).not.toHaveTextContent('the-secret');
    await user.click(within(pending).getByRole('button', { name: 'Revoke token ci-runner' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke token' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(
      await screen.findByText('No pending tokens: every token made here was used or revoked.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/1.0/operations/op-1',
    ]);
  });
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
