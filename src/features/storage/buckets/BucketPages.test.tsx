import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { BucketDetailPage } from './pages/BucketDetailPage';
import { BucketListPage } from './pages/BucketListPage';
import { endedOperation, fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';

const BUCKET_SERVER = testServer({ api_extensions: ['storage_buckets'] });
const auth = (over = {}) => testAuth({ server: BUCKET_SERVER, ...over });

const pools = [
  { name: 'local', driver: 'dir', config: {}, description: '' },
  { name: 'objects', driver: 'cephobject', config: {}, description: '' },
];

const bucket = (name: string, over = {}) => ({
  name,
  description: `${name} bucket`,
  config: { size: '10GiB' },
  s3_url: `https://10.0.0.1:8555/${name}`,
  location: 'none',
  project: 'default',
  ...over,
});

const adminKey = {
  name: 'admin',
  description: 'Admin user',
  role: 'admin',
  'access-key': 'GKV7J2UQ6LDC3VMD',
  'secret-key': 'kDQD6AOgwHgaQI1UIJBJpPaiLgZuJbq0',
};

function bucketLxd(extra?: (call: FakeCall) => ReturnType<Parameters<typeof fakeLxd>[0]>) {
  return fakeLxd((call) => {
    const handled = extra?.(call);
    if (handled) return handled;
    const { url, method } = call;
    if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
    if (url.startsWith('/1.0/storage-pools/local/buckets?')) {
      return { status: 400, error: 'Storage pool driver "dir" does not support buckets' };
    }
    if (method === 'GET' && url.startsWith('/1.0/storage-pools/objects/buckets?')) {
      return { metadata: [bucket('photos'), bucket('backups', { config: {} })] };
    }
    return undefined;
  });
}

const listPage = (a = auth(), entry = '/project/default/storage/buckets') =>
  renderAt('/project/:project/storage/buckets', <BucketListPage />, entry, a);

const detailPage = (entry = '/project/default/storage/pool/objects/bucket/photos') =>
  renderAt(
    '/project/:project/storage/pool/:pool/bucket/:name/:activeTab?',
    <BucketDetailPage />,
    entry,
    auth(),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bucket list', () => {
  it('says the server does not support storage buckets without the extension', () => {
    const calls = fakeLxd(() => undefined);
    listPage(testAuth());
    expect(screen.getByRole('heading', { name: 'Buckets', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This server does not support storage buckets.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lists buckets of the pools that support them, with size, S3 URL and description', async () => {
    bucketLxd();
    listPage();
    const table = await screen.findByRole('table', { name: 'Buckets' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'photos' })).toHaveAttribute(
      'href',
      '/project/default/storage/pool/objects/bucket/photos',
    );
    const photos = within(table).getByRole('row', { name: /photos/ });
    expect(photos).toHaveTextContent('objects');
    expect(photos).toHaveTextContent('10GiB');
    expect(photos).toHaveTextContent('https://10.0.0.1:8555/photos');
    expect(photos).toHaveTextContent('photos bucket');
    expect(
      within(photos).getByRole('button', { name: 'Copy S3 URL of photos' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Location/ })).toBeNull();
  });

  it('shows the location when clustered, and filters by pool in the URL', async () => {
    bucketLxd();
    listPage(auth({ isClustered: true }), '/project/default/storage/buckets?pool=objects');
    const table = await screen.findByRole('table', { name: 'Buckets' });
    expect(within(table).getByRole('columnheader', { name: /Location/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Pool' })).toHaveValue('objects');
  });

  it('disables Create bucket without can_create_storage_buckets', async () => {
    const calls = bucketLxd();
    listPage({ ...fineGrainedAuth({ project: ['can_edit'] }), server: BUCKET_SERVER });
    const table = await screen.findByRole('table', { name: 'Buckets' });
    const button = screen.getByRole('button', { name: 'Create bucket' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You do not have permission to create storage buckets in this project',
    );
    const edit = within(table).getByRole('button', { name: 'Edit photos' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('You do not have permission to change this bucket');
    const remove = within(table).getByRole('button', { name: 'Delete photos' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You do not have permission to delete this bucket');
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/storage-pools/objects/buckets?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });

  it('enables create, edit and delete with the entitlements (fine-grained)', async () => {
    bucketLxd(({ url }) =>
      url.startsWith('/1.0/storage-pools/objects/buckets?')
        ? { metadata: [bucket('photos', { access_entitlements: ['can_edit', 'can_delete'] })] }
        : undefined,
    );
    listPage({
      ...fineGrainedAuth({ project: ['can_create_storage_buckets'] }),
      server: BUCKET_SERVER,
    });
    const table = await screen.findByRole('table', { name: 'Buckets' });
    expect(screen.getByRole('button', { name: 'Create bucket' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Edit photos' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Delete photos' })).toBeEnabled();
  });

  it('creates a bucket and shows its admin key once, with copy buttons (LXD 6.8 operation)', async () => {
    const calls = bucketLxd(({ url, method }) => {
      if (method === 'POST' && url.startsWith('/1.0/storage-pools/objects/buckets?')) {
        return { operation: 'op-b' };
      }
      if (url.startsWith('/1.0/operations/op-b/wait')) {
        return { metadata: endedOperation('op-b', { key: adminKey }) };
      }
      return undefined;
    });
    listPage();
    await screen.findByRole('table', { name: 'Buckets' });
    await userEvent.click(screen.getByRole('button', { name: 'Create bucket' }));
    const dialog = screen.getByRole('dialog', { name: 'Create bucket' });
    expect(within(dialog).getByLabelText('Storage pool')).toHaveValue('objects');
    expect(within(within(dialog).getByLabelText('Storage pool')).queryByText('local')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      within(dialog).getByText(
        'Bucket name must be between 3 and 63 lowercase letters, numbers, periods or hyphens and must start with a letter or number',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'photos');
    expect(
      within(dialog).getByText('A storage bucket with this name already exists in this pool'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'videos');
    await userEvent.type(within(dialog).getByLabelText('Size'), '5GiB');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Films');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Bucket created' });
    expect(shown).toHaveTextContent(adminKey['access-key']);
    expect(shown).toHaveTextContent(adminKey['secret-key']);
    expect(shown).toHaveTextContent('This is the only time the secret key is shown.');
    expect(within(shown).getByRole('button', { name: 'Copy access key' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy secret key' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/1.0/storage-pools/objects/buckets?project=default');
    expect(post?.body).toEqual({ name: 'videos', description: 'Films', config: { size: '5GiB' } });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(adminKey['secret-key'])).toBeNull();
  });

  it('edits a bucket with If-Match and says when someone else changed it (412)', async () => {
    let puts = 0;
    const calls = bucketLxd(({ url, method }) => {
      if (url.startsWith('/1.0/storage-pools/objects/buckets/photos?') && method === 'GET') {
        return { metadata: bucket('photos'), etag: puts === 0 ? '"v1"' : '"v2"' };
      }
      if (method === 'PUT') {
        puts += 1;
        return puts === 1 ? { status: 412, error: "ETag doesn't match" } : { metadata: {} };
      }
      return undefined;
    });
    listPage();
    await screen.findByRole('table', { name: 'Buckets' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bucket photos' });
    const size = await within(dialog).findByLabelText('Size');
    await userEvent.clear(size);
    await userEvent.type(size, '20GiB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone else changed this bucket')).toBeInTheDocument();
    expect(size).toHaveValue('20GiB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my changes anyway' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const sent = calls.filter((c) => c.method === 'PUT');
    expect(sent.map((c) => c.headers.get('If-Match'))).toEqual(['"v1"', '"v2"']);
    expect(sent[1]?.body).toEqual({ description: 'photos bucket', config: { size: '20GiB' } });
  });

  it('deletes a bucket', async () => {
    const calls = bucketLxd(({ method }) => (method === 'DELETE' ? { metadata: {} } : undefined));
    listPage();
    await screen.findByRole('table', { name: 'Buckets' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete backups' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete bucket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    });
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/1.0/storage-pools/objects/buckets/backups?project=default',
    );
  });
});

describe('bucket detail', () => {
  const keys = [
    adminKey,
    {
      name: 'reader',
      description: 'CI',
      role: 'read-only',
      'access-key': 'AK2',
      'secret-key': 'S2',
    },
  ];

  function detailLxd(extra?: (call: FakeCall) => ReturnType<Parameters<typeof fakeLxd>[0]>) {
    return bucketLxd((call) => {
      const handled = extra?.(call);
      if (handled) return handled;
      if (call.url.startsWith('/1.0/storage-pools/objects/buckets/photos?')) {
        return { metadata: bucket('photos'), etag: '"b1"' };
      }
      if (
        call.method === 'GET' &&
        call.url.startsWith('/1.0/storage-pools/objects/buckets/photos/keys?')
      ) {
        return { metadata: keys };
      }
      return undefined;
    });
  }

  it('fine-grained without can_edit: the key controls say why', async () => {
    const calls = detailLxd();
    renderAt(
      '/project/:project/storage/pool/:pool/bucket/:name/:activeTab?',
      <BucketDetailPage />,
      '/project/default/storage/pool/objects/bucket/photos?tab=keys',
      { ...fineGrainedAuth(), server: BUCKET_SERVER },
    );
    const reason = 'You do not have permission to change this bucket';
    const create = await screen.findByRole('button', { name: 'Create key' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(reason);
    const edit = await screen.findByRole('button', { name: 'Edit key admin' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(reason);
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/storage-pools/objects/buckets/photos?project=default&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });

  it('shows pool, S3 URL, size and description', async () => {
    detailLxd();
    detailPage();
    expect(screen.getByRole('heading', { name: 'photos', level: 1 })).toBeInTheDocument();
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('https://10.0.0.1:8555/photos')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'objects' })).toHaveAttribute(
      'href',
      '/project/default/storage/pool/objects',
    );
    expect(panel).toHaveTextContent('10GiB');
    expect(panel).toHaveTextContent('photos bucket');
  });

  it('lists keys with their role and access key, never the secret', async () => {
    detailLxd();
    detailPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Keys' }));
    const table = await screen.findByRole('table', { name: 'Keys of bucket photos' });
    expect(within(table).getByRole('row', { name: /reader/ })).toHaveTextContent('Read-only');
    expect(within(table).getByRole('row', { name: /admin/ })).toHaveTextContent('Admin');
    expect(table).toHaveTextContent('AK2');
    expect(table).not.toHaveTextContent('S2');
    // The tab is in the path.
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/project/default/storage/pool/objects/bucket/photos/keys',
    );
  });

  it('creates a key and shows its secret once (synchronous answer)', async () => {
    const created = {
      name: 'ci',
      description: 'Pipelines',
      role: 'read-only',
      'access-key': 'MYACCESS',
      'secret-key': 'GENERATED-SECRET',
    };
    const calls = detailLxd(({ method, url }) =>
      method === 'POST' && url.includes('/keys?') ? { metadata: created } : undefined,
    );
    detailPage('/project/default/storage/pool/objects/bucket/photos?tab=keys');
    await screen.findByRole('table', { name: 'Keys of bucket photos' });
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Key name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'admin');
    expect(within(dialog).getByText('A key with this name already exists')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'ci');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Pipelines');
    await userEvent.type(within(dialog).getByLabelText('Access key (optional)'), 'MYACCESS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Key created' });
    expect(shown).toHaveTextContent('GENERATED-SECRET');
    expect(within(shown).getByRole('button', { name: 'Copy secret key' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'ci',
      role: 'read-only',
      description: 'Pipelines',
      'access-key': 'MYACCESS',
    });
  });

  it('edits a key (role) with If-Match, keeping its credentials, and deletes one', async () => {
    const calls = detailLxd(({ method, url }) => {
      if (url.startsWith('/1.0/storage-pools/objects/buckets/photos/keys/reader?')) {
        if (method === 'GET') return { metadata: keys[1], etag: '"k"' };
        return { metadata: {} };
      }
      return undefined;
    });
    detailPage('/project/default/storage/pool/objects/bucket/photos?tab=keys');
    await screen.findByRole('table', { name: 'Keys of bucket photos' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit key reader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit key reader' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Role'), 'admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.headers.get('If-Match')).toBe('"k"');
    expect(put?.body).toEqual({
      role: 'admin',
      description: 'CI',
      'access-key': 'AK2',
      'secret-key': 'S2',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete key reader' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete key' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    });
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/1.0/storage-pools/objects/buckets/photos/keys/reader?project=default',
    );
  });

  it('deletes the bucket and goes back to the list', async () => {
    detailLxd(({ method }) => (method === 'DELETE' ? { metadata: {} } : undefined));
    detailPage();
    await screen.findByText('https://10.0.0.1:8555/photos');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete bucket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/storage/buckets');
    });
  });
});
