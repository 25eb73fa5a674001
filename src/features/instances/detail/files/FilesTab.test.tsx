import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinPath, parentPath } from '../../../../lxd/endpoints/instance-files';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { fineGrainedAuth, testAuth } from '../../../../testing/render';
import { renderAt } from '../../../../testing/fake-lxd';
import { testInstance } from '../../testing/fixtures';
import {
  breadcrumb,
  linkTarget,
  NEW_DIR_EMPTY,
  NEW_DIR_EXISTS,
  NEW_DIR_SLASH,
  newDirectoryError,
  normalizePath,
} from './entries';
import FilesTab from './FilesTab';

/** A tiny tree: directories list their names, files have bytes. */
const TREE: Record<string, string[] | string> = {
  '/': ['etc', 'bin', 'linuxrc'],
  '/etc': ['passwd', 'ssh'],
  '/etc/ssh': [],
  '/etc/passwd': 'root:x:0:0\n',
  '/bin': [],
  '/linuxrc': 'bin/busybox',
};

interface Call {
  method: string;
  url: URL;
  headers: Headers;
}

let calls: Call[] = [];

const envelope = (status: number, metadata: unknown, error = '') =>
  JSON.stringify(
    status < 400
      ? { type: 'sync', status_code: status, metadata }
      : { type: 'error', error_code: status, error, metadata: null },
  );

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url, headers: new Headers(init?.headers) });
      const path = url.searchParams.get('path') ?? '/';
      const node = TREE[path];
      if (method === 'POST' || method === 'DELETE') {
        return Promise.resolve(new Response(envelope(200, {}), { status: 200 }));
      }
      if (node === undefined) {
        return Promise.resolve(new Response(envelope(404, null, 'Not Found'), { status: 404 }));
      }
      const type = Array.isArray(node) ? 'directory' : path === '/linuxrc' ? 'symlink' : 'file';
      const headers = { 'X-LXD-type': type, 'X-LXD-mode': '0644', 'X-LXD-uid': '0' };
      const body = method === 'HEAD' ? null : Array.isArray(node) ? envelope(200, node) : node;
      return Promise.resolve(new Response(body, { status: 200, headers }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = (
  path = '',
  auth = testAuth(),
  instance: LxdInstance = testInstance({ status: 'Running' }),
) =>
  renderAt(
    '/project/:project/instance/:name/:activeTab',
    <FilesTab instance={instance} />,
    `/project/default/instance/c1/files${path ? `?path=${encodeURIComponent(path)}` : ''}`,
    auth,
  );

const location = () => screen.getByTestId('location').textContent;

describe('the files tab', () => {
  it('lists a directory with each entry type and opens folders through links', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Files in /' });
    expect(within(table).getByRole('row', { name: 'bin directory' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'linuxrc symlink' })).toBeInTheDocument();
    // Directories, links and unknown entries open; their link keeps the path in ?path=.
    expect(within(table).getByRole('link', { name: 'etc/' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1/files?path=%2Fetc',
    );
    await userEvent.click(within(table).getByRole('link', { name: 'etc/' }));
    const etc = await screen.findByRole('table', { name: 'Files in /etc' });
    expect(location()).toBe('/project/default/instance/c1/files?path=%2Fetc');
    const passwd = within(etc).getByRole('row', { name: 'passwd file' });
    expect(within(passwd).queryByRole('link')).toBeNull();
    expect(within(passwd).getByRole('button', { name: 'Download passwd' })).toBeEnabled();
    // Only the listed directory and one HEAD per entry were asked for.
    expect(
      calls.filter((call) => call.method === 'GET').map((c) => c.url.searchParams.get('path')),
    ).toEqual(['/', '/etc']);
  });

  it('shows the path as a breadcrumb and goes up', async () => {
    open('/etc/ssh');
    expect(await screen.findByText('/etc/ssh is empty')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Path' });
    expect(within(nav).getByText('ssh')).toHaveAttribute('aria-current', 'location');
    await userEvent.click(within(nav).getByRole('link', { name: 'Up to /etc' }));
    expect(await screen.findByRole('table', { name: 'Files in /etc' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Root /' }));
    expect(await screen.findByRole('table', { name: 'Files in /' })).toBeInTheDocument();
  });

  it('says when the path is a file and offers to download it', async () => {
    open('/etc/passwd');
    expect(await screen.findByText('/etc/passwd is a file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download passwd' })).toBeEnabled();
  });

  it('follows a link to where it points', async () => {
    open('/linuxrc');
    const target = await screen.findByRole('link', { name: 'bin/busybox' });
    expect(target).toHaveAttribute(
      'href',
      '/project/default/instance/c1/files?path=%2Fbin%2Fbusybox',
    );
    expect(screen.getByText(/^\/linuxrc is a link to/)).toBeInTheDocument();
  });

  it('shows an error for a path that does not exist', async () => {
    open('/nowhere');
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
  });

  it('checks a new directory name, then makes it with X-LXD-type: directory', async () => {
    open('/etc');
    await screen.findByRole('table', { name: 'Files in /etc' });
    await userEvent.click(screen.getByRole('button', { name: 'Create directory' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a directory in /etc' });
    const field = within(dialog).getByLabelText('Directory name');
    const submit = within(dialog).getByRole('button', { name: 'Create directory' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText(NEW_DIR_EMPTY)).toBeInTheDocument();
    await userEvent.type(field, 'a/b');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(NEW_DIR_SLASH)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'ssh');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(NEW_DIR_EXISTS)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'new');
    await userEvent.click(submit);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.searchParams.get('path')).toBe('/etc/new');
    expect(post?.headers.get('X-LXD-type')).toBe('directory');
  });

  it('deletes an entry once confirmed', async () => {
    open('/etc');
    const table = await screen.findByRole('table', { name: 'Files in /etc' });
    await userEvent.click(within(table).getByRole('button', { name: /^Delete ?passwd$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete passwd' });
    expect(dialog).toHaveTextContent('/etc/passwd will be deleted from c1.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    });
    const remove = calls.find((call) => call.method === 'DELETE');
    expect(remove?.url.pathname).toBe('/1.0/instances/c1/files');
    expect(remove?.url.searchParams.get('path')).toBe('/etc/passwd');
  });

  it('says that a stopped virtual machine must be started first, not a container', async () => {
    open('', testAuth(), testInstance({ status: 'Stopped', type: 'virtual-machine' }));
    expect(await screen.findByRole('note')).toHaveTextContent(
      'c1 is stopped: the files of a virtual machine are reached through its agent, start it first.',
    );
  });

  it('browses a stopped container (LXD 5.0 reads its files from storage)', async () => {
    open('', testAuth(), testInstance({ status: 'Stopped' }));
    expect(await screen.findByRole('table', { name: 'Files in /' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('disables upload, new directory and delete without can_access_files', async () => {
    const reason = 'You do not have permission to change the files of this instance';
    open('/etc', fineGrainedAuth(), testInstance({ status: 'Running', access_entitlements: [] }));
    const table = await screen.findByRole('table', { name: 'Files in /etc' });
    for (const button of [
      screen.getByRole('button', { name: 'Upload file' }),
      screen.getByRole('button', { name: 'Create directory' }),
      within(table).getByRole('button', { name: /^Delete ?passwd$/ }),
    ]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    // Reading stays open.
    expect(within(table).getByRole('button', { name: 'Download passwd' })).toBeEnabled();
  });

  it('enables them with can_access_files', async () => {
    open(
      '/etc',
      fineGrainedAuth(),
      testInstance({ status: 'Running', access_entitlements: ['can_access_files'] }),
    );
    await screen.findByRole('table', { name: 'Files in /etc' });
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create directory' })).toBeEnabled();
  });
});

describe('paths', () => {
  it('normalizes ?path= and splits it into a breadcrumb', () => {
    expect(normalizePath(null)).toBe('/');
    expect(normalizePath('etc//ssh/./')).toBe('/etc/ssh');
    expect(normalizePath('/var/../../run')).toBe('/run');
    expect(linkTarget('/var/run', '../run')).toBe('/run');
    expect(linkTarget('/linuxrc', '/bin/busybox')).toBe('/bin/busybox');
    expect(breadcrumb('/etc/ssh')).toEqual([
      { name: '/', path: '/' },
      { name: 'etc', path: '/etc' },
      { name: 'ssh', path: '/etc/ssh' },
    ]);
    expect(joinPath('/', 'etc')).toBe('/etc');
    expect(joinPath('/etc', 'passwd')).toBe('/etc/passwd');
    expect(parentPath('/etc/ssh')).toBe('/etc');
    expect(parentPath('/etc')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });

  it('checks a new directory name', () => {
    expect(newDirectoryError(' ', [])).toBe(NEW_DIR_EMPTY);
    expect(newDirectoryError('a/b', [])).toBe(NEW_DIR_SLASH);
    expect(newDirectoryError('ssh', ['ssh'])).toBe(NEW_DIR_EXISTS);
    expect(newDirectoryError('..', [])).toBe(NEW_DIR_EXISTS);
    expect(newDirectoryError('new', ['ssh'])).toBeUndefined();
  });
});
