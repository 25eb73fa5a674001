import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdConfigMetadata } from '../../lxd/types/config-metadata';
import { renderSignedIn, testAuth, testServer } from '../../testing/render';
import { NotificationProvider } from '../../shared/notifications';
import { SettingsPage as Page } from './pages/SettingsPage';
import { fakeServerConfig } from './testing';

function SettingsPage() {
  return (
    <NotificationProvider>
      <Page />
    </NotificationProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const INCUS_EXTENSIONS = [
  'dev_incus_events',
  'metadata_configuration',
  'oidc',
  'oidc_claim',
  'oidc_scopes',
];
const INCUS = {
  api_extensions: INCUS_EXTENSIONS,
  environment: { server: 'incus', server_version: '6.0.4', server_name: 'vm' },
};

/** Part of Incus 6.0.4's option metadata: no user.ui.title (a convention of its UI only). */
const METADATA: LxdConfigMetadata = {
  configs: {
    server: {
      core: {
        keys: [
          {
            'core.https_address': {
              shortdesc: 'Address to bind for the remote API (HTTPS)',
              type: 'string',
              scope: 'local',
            },
          },
        ],
      },
      oidc: {
        keys: [
          { 'oidc.claim': { shortdesc: 'OpenID Connect claim to use as the username' } },
          { 'oidc.issuer': { shortdesc: 'OpenID Connect Discovery URL for the provider' } },
          { 'oidc.scopes': { shortdesc: 'Comma separated list of OpenID Connect scopes' } },
        ],
      },
    },
  },
};

/** The fake /1.0 of `fakeServerConfig`, plus GET /1.0/metadata/configuration. */
function fakeIncus(config: Record<string, string>) {
  const server = fakeServerConfig(config, INCUS);
  const configEndpoint = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) =>
      input.split('?')[0] === '/1.0/metadata/configuration'
        ? Promise.resolve(
            new Response(JSON.stringify({ type: 'sync', metadata: METADATA }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
          )
        : configEndpoint(input, init),
    ),
  );
  return server;
}

function row(key: string) {
  const header = screen.getByRole('rowheader', {
    name: new RegExp(`^${key.replace(/\./g, '\\.')}`),
  });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`no row for ${key}`);
  return within(tr);
}

describe('SettingsPage on Incus', { timeout: 30_000 }, () => {
  it('shows the options Incus describes and its own title key', async () => {
    fakeIncus({ 'user.ui.title': 'Rack 2' });
    renderSignedIn(<SettingsPage />, {
      path: '/settings',
      auth: testAuth({ server: testServer(INCUS) }),
    });
    expect(await screen.findByRole('rowheader', { name: 'OpenID Connect' })).toBeInTheDocument();
    expect(await row('user.ui.title').findByText('Rack 2')).toBeInTheDocument();
    expect(
      row('user.ui.title').getByText(
        'Title of the browser tab for this console, followed by “| Incus UI” (the host name when empty)',
      ),
    ).toBeInTheDocument();
    const keys = screen
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
      .filter((text) => text.includes('.'));
    expect(keys).toEqual([
      'core.https_address',
      'oidc.claim',
      'oidc.issuer',
      'oidc.scopes',
      'user.ui.sso_only',
      'user.ui.title',
    ]);
  });

  it('saves the title as user.ui.title', async () => {
    const incus = fakeIncus({});
    const user = userEvent.setup();
    renderSignedIn(<SettingsPage />, {
      path: '/settings',
      auth: testAuth({ server: testServer(INCUS) }),
    });
    await screen.findByRole('rowheader', { name: 'OpenID Connect' });
    await user.click(screen.getByRole('button', { name: 'Edit user.ui.title' }));
    await user.type(screen.getByRole('textbox', { name: 'Value of user.ui.title' }), 'Rack 3');
    await user.click(screen.getByRole('button', { name: 'Save user.ui.title' }));
    await waitFor(() => {
      expect(incus.state.config).toEqual({ 'user.ui.title': 'Rack 3' });
    });
    const patches = incus.calls.filter((call) => call.method !== 'GET');
    expect(patches.map((call) => call.body)).toEqual([{ config: { 'user.ui.title': 'Rack 3' } }]);
  });
});
