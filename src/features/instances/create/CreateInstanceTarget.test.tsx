import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CreateInstancePage } from './CreateInstancePage';
import { DEFAULT_PROFILES, localImage } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FINGERPRINT = 'c'.repeat(64);
const image = localImage(FINGERPRINT, { aliases: [{ name: 'busybox', description: '' }] });

function lxd(calls: FakeCall[] = []) {
  fakeLxd((call) => {
    calls.push(call);
    const { url, method } = call;
    if (url.startsWith('/1.0/images?')) return { metadata: [image] };
    if (url.startsWith('/1.0/profiles?')) return DEFAULT_PROFILES;
    if (url.startsWith('/1.0/storage-pools?')) return { metadata: ['/1.0/storage-pools/local'] };
    if (url.startsWith('/1.0/cluster/members')) {
      return {
        metadata: ['m1', 'm2', 'm3'].map((name) => ({
          server_name: name,
          status: name === 'm3' ? 'Offline' : 'Online',
          message: name === 'm3' ? 'No heartbeat for 11.4s' : 'Fully operational',
        })),
      };
    }
    if (url.startsWith('/1.0/cluster/groups')) {
      return { metadata: [{ name: 'gA', description: '', members: ['m2'] }] };
    }
    if (method === 'POST' && url.startsWith('/1.0/instances?')) {
      return { status: 400, error: 'stop here' };
    }
    return undefined;
  });
  return calls;
}

const clustered = testAuth({
  isClustered: true,
  server: testServer({
    api_extensions: ['clustering_groups'],
    environment: { server_version: '5.0.2', server_clustered: true },
  }),
});

describe('creating an instance in a cluster', () => {
  it('sends the chosen group as target=@group; offline members cannot be chosen', async () => {
    const calls = lxd();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      `/project/default/instances/create?image=${FINGERPRINT}`,
      clustered,
    );
    await screen.findByText(/^busybox \(/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Instance name' }), 'c1');
    const member = screen.getByRole('combobox', { name: 'Cluster member' });
    expect(member).toHaveValue('');
    await screen.findByRole('option', { name: 'gA (m2)' });
    expect(
      screen.getByRole('option', { name: 'm3 (Offline: No heartbeat for 11.4s)' }),
    ).toHaveProperty('disabled', true);
    await userEvent.selectOptions(member, 'gA (m2)');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/1.0/instances?project=default&target=%40gA');
    expect(post?.body).toMatchObject({ name: 'c1', source: { type: 'image' } });
    expect(await screen.findByText('stop here')).toBeVisible();
  });

  it('shows no member field on a standalone server and sends no target', async () => {
    const calls = lxd();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      `/project/default/instances/create?image=${FINGERPRINT}`,
      testAuth(),
    );
    await screen.findByText(/^busybox \(/);
    expect(screen.queryByRole('combobox', { name: 'Cluster member' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Instance name' }), 'c1');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(
      '/1.0/instances?project=default',
    );
    expect(calls.some((call) => call.url.startsWith('/1.0/cluster'))).toBe(false);
  });
});
