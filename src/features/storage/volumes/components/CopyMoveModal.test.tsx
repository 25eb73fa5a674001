import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../testing/render';
import { VOLUME_MESSAGES } from '../rules';
import { CopyMoveModal } from './CopyMoveModal';

const json = (body: unknown, code = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: code }));
const sync = (metadata: unknown) => json({ type: 'sync', metadata });

const REMOTES = [
  { name: 'local', default: true, url: '', state: 'online', kind: 'lxd', clustered: false },
  { name: 'incus', default: false, url: '', state: 'online', kind: 'incus', clustered: false },
  { name: 'cluster', default: false, url: '', state: 'online', kind: 'lxd', clustered: true },
];

let urls: string[] = [];

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const path = url.split('?')[0] ?? '';
      if (path === '/console/remotes') return json({ remotes: REMOTES });
      if (path === '/1.0/storage-pools') return sync([{ name: 'default', driver: 'dir' }]);
      if (path === '/remote/cluster/1.0/projects') return sync(['/1.0/projects/default']);
      if (path === '/remote/cluster/1.0/storage-pools') return sync(['/1.0/storage-pools/local']);
      if (path === '/remote/cluster/1.0/cluster/members') {
        return sync([{ server_name: 'm1', url: 'https://10.201.0.11:8443', status: 'Online' }]);
      }
      return json({ type: 'error', error: 'not found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const SOURCE = { project: 'default', pool: 'default', type: 'custom', name: 'data' };

describe('CopyMoveModal to another server', () => {
  it("moves to the cluster's pool and member in push mode", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderSignedIn(
      <CopyMoveModal kind="move" source={SOURCE} onSubmit={onSubmit} onClose={vi.fn()} />,
    );
    const moveTo = await screen.findByRole('group', { name: 'Move to' });
    await user.click(within(moveTo).getByRole('radio', { name: 'Another server' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target server' }), 'cluster');
    await screen.findByRole('option', { name: 'local' });
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Choose a storage pool')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Target storage pool' }),
      'local',
    );
    await screen.findByRole('option', { name: 'm1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target member' }), 'm1');
    await user.click(screen.getByRole('radio', { name: 'Source pushes' }));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      pool: 'default',
      project: 'default',
      name: 'data',
      withSnapshots: true,
      elsewhere: {
        remote: 'cluster',
        project: 'default',
        pool: 'local',
        member: 'm1',
        mode: 'push',
      },
    });
    expect(urls.some((url) => url.startsWith('/remote/cluster/1.0/cluster/members'))).toBe(true);
  });

  it('refuses an Incus server for an LXD volume', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderSignedIn(
      <CopyMoveModal kind="copy" source={SOURCE} onSubmit={onSubmit} onClose={vi.fn()} />,
    );
    const copyTo = await screen.findByRole('group', { name: 'Copy to' });
    await user.click(within(copyTo).getByRole('radio', { name: 'Another server' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target server' }), 'incus');
    expect(screen.getByRole('status').textContent).toBe(
      'LXD and Incus servers cannot migrate volumes to each other',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveProperty('disabled', true);
    expect(urls.filter((url) => url.startsWith('/remote/'))).toEqual([]);
  });

  it('refuses to move a volume in use to another server, with the reason', async () => {
    const user = userEvent.setup();
    renderSignedIn(
      <CopyMoveModal
        kind="move"
        source={SOURCE}
        remoteBlocker={VOLUME_MESSAGES.moveInUseToRemote}
        onSubmit={vi.fn(() => Promise.resolve())}
        onClose={vi.fn()}
      />,
    );
    const moveTo = await screen.findByRole('group', { name: 'Move to' });
    await user.click(within(moveTo).getByRole('radio', { name: 'Another server' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target server' }), 'cluster');
    expect(screen.getByRole('status').textContent).toBe(
      'Detach the volume from its instances first: moving it to another server deletes it here',
    );
    expect(screen.getByRole('button', { name: 'Move' })).toHaveProperty('disabled', true);
  });
});
