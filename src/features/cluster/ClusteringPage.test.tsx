import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../shared/notifications';
import { renderSignedIn, testAuth, testServer } from '../../testing/render';
import type { LxdClusterMember } from '../../lxd/types/cluster';
import { MemberStateActions } from './components/MemberStateActions';
import { ClusteringPage } from './pages/ClusteringPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(config: Record<string, string>, entitlements?: string[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(
        new Response(JSON.stringify({ type: 'error', error: 'Cannot bind' }), { status: 400 }),
      );
    }),
  );
  const server = testServer({
    config,
    environment: { server_name: 'host1', server_version: '5.0.2', server_clustered: false },
    ...(entitlements ? { access_entitlements: entitlements } : {}),
  });
  renderSignedIn(
    <NotificationProvider>
      <ClusteringPage />
    </NotificationProvider>,
    {
      path: '/server/clustering',
      auth: testAuth({ server, isFineGrained: entitlements !== undefined }),
    },
  );
  return calls;
}

describe('ClusteringPage', () => {
  it('explains a standalone server and proposes its host name', () => {
    renderPage({ 'core.https_address': '10.0.0.1:8443' });
    expect(screen.getByRole('heading', { name: 'This server is standalone' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Member name' })).toHaveValue('host1');
    expect(screen.queryByText(/wildcard address/)).toBeNull();
  });

  it('warns when other members could not reach this one', () => {
    renderPage({ 'core.https_address': '[::]:8443' });
    expect(screen.getByText(/the wildcard address/)).toBeVisible();
  });

  it('validates the name next to the field and shows the server error', async () => {
    const calls = renderPage({ 'core.https_address': '10.0.0.1:8443' });
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Member name' });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Enable clustering' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Member name must be between 1 and 63 characters',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.url === '/1.0/cluster')).toHaveLength(0);
    await user.type(input, 'node1');
    await user.click(screen.getByRole('button', { name: 'Enable clustering' }));
    expect(await screen.findByText('Cannot bind')).toBeVisible();
    const put = calls.find((call) => call.url === '/1.0/cluster');
    expect(put?.init?.method).toBe('PUT');
    const body = put?.init?.body;
    expect(typeof body === 'string' ? JSON.parse(body) : body).toEqual({
      server_name: 'node1',
      enabled: true,
    });
    expect(input).toHaveValue('node1');
  });

  it('disables Enable clustering without the server can_edit (fine-grained), saying why', () => {
    renderPage({ 'core.https_address': '10.0.0.1:8443' }, ['viewer']);
    const enable = screen.getByRole('button', { name: 'Enable clustering' });
    expect(enable).toBeDisabled();
    expect(enable).toHaveAccessibleDescription(
      'You do not have permission to edit the server configuration',
    );
  });

  it('enables it with admin on the server (fine-grained)', () => {
    renderPage({ 'core.https_address': '10.0.0.1:8443' }, ['admin']);
    expect(screen.getByRole('button', { name: 'Enable clustering' })).toBeEnabled();
  });
});

describe('member state actions', () => {
  const member = (status: string): LxdClusterMember => ({
    server_name: 'm1',
    status,
    url: '',
    message: '',
  });
  const render = (status: string, entitlements: string[]) =>
    renderSignedIn(
      <NotificationProvider>
        <MemberStateActions member={member(status)} />
      </NotificationProvider>,
      {
        auth: testAuth({
          isFineGrained: true,
          server: testServer({ access_entitlements: entitlements }),
        }),
      },
    );

  it('disables Evacuate and Restore without the server can_edit, saying why', () => {
    render('Online', ['viewer']);
    const reason = 'You do not have permission to change cluster members';
    const evacuate = screen.getByRole('button', { name: 'Evacuate' });
    expect(evacuate).toBeDisabled();
    expect(evacuate).toHaveAccessibleDescription(reason);
    render('Evacuated', ['viewer']);
    const restore = screen.getByRole('button', { name: 'Restore' });
    expect(restore).toBeDisabled();
    expect(restore).toHaveAccessibleDescription(reason);
  });

  it('enables them with can_edit', () => {
    render('Online', ['can_edit']);
    expect(screen.getByRole('button', { name: 'Evacuate' })).toBeEnabled();
  });
});
