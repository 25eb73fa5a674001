import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../shared/notifications';
import { renderSignedIn, testAuth, testServer } from '../../testing/render';
import { SettingsPage } from './pages/SettingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A clustered LXD: global values on /1.0, each member's local values on /1.0?target=. */
function fakeCluster() {
  const local: Record<string, Record<string, string>> = {
    m1: { 'core.https_address': '10.201.0.11:8443' },
    m2: { 'core.https_address': '10.201.0.12:8443', 'core.metrics_address': ':9100' },
  };
  const global = { 'cluster.offline_threshold': '11' };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      await Promise.resolve();
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const target = new URL(url, 'http://x').searchParams.get('target') ?? 'm1';
      const ok = (metadata: unknown) =>
        new Response(JSON.stringify({ type: 'sync', metadata }), { status: 200 });
      if (url.startsWith('/1.0/cluster/members')) {
        return ok(['m1', 'm2'].map((name) => ({ server_name: name, status: 'Online' })));
      }
      if (url.split('?')[0] !== '/1.0') {
        return new Response(JSON.stringify({ type: 'error', error: 'not found' }), { status: 404 });
      }
      if (method === 'PATCH') {
        Object.assign(local[target] ?? {}, (body as { config: Record<string, string> }).config);
        return ok({});
      }
      return ok({
        api_extensions: ['metrics'],
        auth: 'trusted',
        config: { ...global, ...local[target] },
        environment: { server_version: '5.0.2', server_name: 'm1', server_clustered: true },
      });
    }),
  );
  return { calls, local };
}

function row(key: string) {
  const header = screen.getByRole('rowheader', {
    name: new RegExp(`^${key.replace(/\./g, '\\.')}`),
  });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`no row for ${key}`);
  return within(tr);
}

describe('settings of a cluster member', { timeout: 30_000 }, () => {
  it('shows and saves the local values of the chosen member with target=', async () => {
    const lxd = fakeCluster();
    const server = testServer({
      api_extensions: ['metrics'],
      config: { 'cluster.offline_threshold': '11', 'core.https_address': '10.201.0.11:8443' },
      environment: { server_version: '5.0.2', server_name: 'm1', server_clustered: true },
    });
    renderSignedIn(
      <NotificationProvider>
        <SettingsPage />
      </NotificationProvider>,
      { path: '/settings', auth: testAuth({ server, isClustered: true }) },
    );
    const picker = await screen.findByRole('combobox', { name: 'Member values' });
    expect(picker).toHaveValue('m1');
    expect(await row('core.https_address').findByText('10.201.0.11:8443')).toBeInTheDocument();
    expect(row('core.https_address').getByText('member m1')).toBeInTheDocument();
    // A cluster-wide option names no member.
    expect(row('cluster.offline_threshold').queryByText(/^member /)).toBeNull();

    const user = userEvent.setup();
    await waitFor(() => {
      expect(within(picker).getAllByRole('option')).toHaveLength(2);
    });
    await user.selectOptions(picker, 'm2');
    expect(await row('core.https_address').findByText('10.201.0.12:8443')).toBeInTheDocument();
    expect(row('core.metrics_address').getByText(':9100')).toBeInTheDocument();
    expect(lxd.calls.some((call) => call.url === '/1.0?target=m2')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Edit core.metrics_address' }));
    const input = screen.getByRole('textbox', { name: 'Value of core.metrics_address' });
    await user.clear(input);
    await user.type(input, ':9200');
    await user.click(screen.getByRole('button', { name: 'Save core.metrics_address' }));
    await waitFor(() => {
      expect(lxd.local.m2?.['core.metrics_address']).toBe(':9200');
    });
    const patch = lxd.calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/1.0?target=m2');
    expect(patch?.body).toEqual({ config: { 'core.metrics_address': ':9200' } });
    expect(lxd.local.m1?.['core.metrics_address']).toBeUndefined();
  });
});
