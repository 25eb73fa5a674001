/** The instance's Export backup dialog names the server's own client: `lxc import` or `incus import`. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../../shared/auth/context';
import { EventStreamProvider } from '../../../shared/events';
import { testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { testInstance } from '../testing/fixtures';
import { InstanceDetailPage } from './InstanceDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openExport(auth: AuthState) {
  const data = testInstance({ status: 'Stopped', profiles: [] });
  fakeLxd(({ url }) => {
    if (url.startsWith('/1.0/instances/c1?')) return { metadata: data, etag: '"e1"' };
    if (url.startsWith('/1.0/instances/c1/state')) return { metadata: { status: data.status } };
    return { metadata: [] };
  });
  renderAt(
    '/project/:project/instance/:name/:activeTab?',
    <EventStreamProvider
      enabled={false}
      config={{ invalidations: [], operationQueryKeys: () => [] }}
    >
      <InstanceDetailPage />
    </EventStreamProvider>,
    '/project/default/instance/c1',
    auth,
  );
  const actions = await screen.findByRole('group', { name: 'Instance actions' });
  await userEvent.click(within(actions).getByRole('button', { name: 'Export backup' }));
  return screen.getByRole('dialog', { name: 'Export a backup of c1' });
}

describe('the instance backup export help', () => {
  it('names lxc import and LXD on LXD', async () => {
    const dialog = await openExport(testAuth());
    expect(within(dialog).getByText(/The backup is a tarball/)).toHaveTextContent(
      'The backup is a tarball that lxc import restores on any LXD server.',
    );
  });

  it('names incus import and Incus on Incus', async () => {
    const auth = testAuth({
      server: testServer({
        api_extensions: ['dev_incus_events'],
        environment: { server: 'incus', server_version: '6.0.4', server_clustered: false },
      }),
    });
    const dialog = await openExport(auth);
    expect(within(dialog).getByText(/The backup is a tarball/)).toHaveTextContent(
      'The backup is a tarball that incus import restores on any Incus server.',
    );
    expect(within(dialog).queryByText(/lxc|LXD/)).toBeNull();
  });
});
