import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth } from '../../../testing/render';
import { fakeLxd } from '../../../testing/fake-lxd';
import { CERTIFICATE_MESSAGES } from './rules';
import { ADMIN_FP, LAPTOP_FP, admin, tokenOperation, serve, open, table, row } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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
