/**
 * Custom ISOs and storage buckets. LXD 5.0.2 has neither (no `custom_volume_iso`, no
 * `storage_buckets`): everything 5.0.2 does have (GET /1.0, pools, volume lists, name lookups)
 * comes from the real LXD, and only what it lacks is stood in for in the browser, with bodies
 * shaped like the LXD 6 reference (doc/rest-api.yaml), while the requests the console sends are
 * checked.
 */
import type { Page, Request, Route } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';
import { fetchForRoute, sync } from '../support/answers';

const POOL = 'default';
const MiB = 1024 * 1024;

/**
 * 5.0.2 lacks these APIs and the test stands in for them: the real GET /1.0 answer, with only
 * the named extensions added to `api_extensions`, so that the console offers the screens.
 */
async function addExtensions(page: Page, extensions: string[]) {
  await page.route(
    (url) => url.pathname === '/1.0',
    async (route) => {
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: { api_extensions: string[] } };
      body.metadata.api_extensions.push(...extensions);
      await route.fulfill({ response, json: body });
    },
  );
}

let operationCounter = 0;

/** An LXD 6 operation object (doc/rest-api.yaml `Operation`). */
function operation(
  id: string,
  status: 'Running' | 'Success',
  description: string,
  metadata: Record<string, unknown> | null,
) {
  const now = new Date().toISOString();
  return {
    id,
    class: 'task',
    description,
    created_at: now,
    updated_at: now,
    status,
    status_code: status === 'Success' ? 200 : 103,
    resources: null,
    metadata,
    may_cancel: false,
    err: '',
    location: 'none',
  };
}

/**
 * Operations the stand-ins start: the write answers 202 with the operation, and its `/wait`
 * (which the console asks for) answers with the ended operation and its metadata.
 */
async function fakeOperations(page: Page) {
  const ended = new Map<string, ReturnType<typeof operation>>();
  await page.route(
    (url) => /^\/1\.0\/operations\/e2e-[^/]+\/wait$/.test(url.pathname),
    async (route) => {
      const id = new URL(route.request().url()).pathname.split('/')[3] ?? '';
      const done = ended.get(id);
      if (!done) {
        await route.fulfill({
          status: 404,
          json: { type: 'error', error: 'Operation not found', error_code: 404, metadata: null },
        });
        return;
      }
      await route.fulfill({
        json: { type: 'sync', status: 'Success', status_code: 200, metadata: done },
      });
    },
  );
  return async (route: Route, description: string, metadata: Record<string, unknown> | null) => {
    operationCounter += 1;
    const id = `e2e-${Date.now().toString(36)}-${operationCounter}`;
    ended.set(id, operation(id, 'Success', description, metadata));
    await route.fulfill({
      status: 202,
      json: {
        type: 'async',
        status: 'Operation created',
        status_code: 100,
        operation: `/1.0/operations/${id}`,
        metadata: operation(id, 'Running', description, metadata),
      },
    });
  };
}

// ---------------------------------------------------------------------------------------------
// Custom ISOs
// ---------------------------------------------------------------------------------------------

/** An LXD 6 custom ISO volume (doc/rest-api.yaml `StorageVolume`). */
function isoVolume(name: string, size: number, usedBy: string[] = []) {
  return {
    name,
    type: 'custom',
    content_type: 'iso',
    description: '',
    config: { size: String(size) },
    pool: POOL,
    project: 'default',
    location: 'none',
    used_by: usedBy,
    created_at: new Date().toISOString(),
  };
}

/**
 * The real volume list of the pool with the stood-in ISO volumes appended (5.0.2 has no ISO
 * volumes to list).
 */
async function appendIsos(page: Page, isos: ReturnType<typeof isoVolume>[]) {
  await page.route(
    (url) => url.pathname === `/1.0/storage-pools/${POOL}/volumes`,
    async (route) => {
      if (route.request().method() !== 'GET') {
        await route.fallback();
        return;
      }
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: unknown[] | null };
      body.metadata = [...(body.metadata ?? []), ...isos];
      await route.fulfill({ response, json: body });
    },
  );
}

/** ISO uploads (POST …/volumes/custom with an octet-stream body): held until `release()`. */
async function holdIsoUploads(page: Page) {
  let release: (() => void) | undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived: ((request: Request) => void) | undefined;
  const request = new Promise<Request>((resolve) => {
    arrived = resolve;
  });
  let onRelease: ((route: Route) => Promise<void>) | undefined;
  await page.route(
    (url) => url.pathname === `/1.0/storage-pools/${POOL}/volumes/custom`,
    async (route) => {
      if (route.request().method() !== 'POST') {
        await route.fallback();
        return;
      }
      arrived?.(route.request());
      await released;
      await onRelease?.(route).catch(() => undefined);
    },
  );
  return {
    request,
    release: (then: (route: Route) => Promise<void>) => {
      onRelease = then;
      release?.();
    },
  };
}

test('the Custom ISOs entry and page follow the custom_volume_iso extension', async ({ page }) => {
  // The real LXD 5.0.2: no entry, and the page says why.
  await page.goto('/ui/project/default/storage/custom-isos');
  await expect(page.getByRole('heading', { name: 'Custom ISOs', level: 1 })).toBeVisible();
  await expect(page.getByText('This server does not support custom ISO volumes.')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Pools' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Custom ISOs' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload ISO' })).toHaveCount(0);

  await addExtensions(page, ['custom_volume_iso']);
  await page.goto('/ui/project/default/storage/pools');
  await nav.getByRole('link', { name: 'Custom ISOs' }).click();
  await expect(page).toHaveURL(/\/ui\/project\/default\/storage\/custom-isos$/);
  // The header's button (an empty list offers another one).
  await expect(page.getByRole('button', { name: 'Upload ISO' }).first()).toBeEnabled();
  await expect(page.getByText('This server does not support custom ISO volumes.')).toHaveCount(0);
});

test('uploads an ISO with progress; LXD gets the ISO headers and the file; the list shows it', async ({
  page,
}) => {
  const name = uniqueName('e2e-iso');
  const size = 3 * MiB;
  const isos: ReturnType<typeof isoVolume>[] = [];
  await addExtensions(page, ['custom_volume_iso']);
  const startOperation = await fakeOperations(page);
  await appendIsos(page, isos);
  const upload = await holdIsoUploads(page);

  await page.goto('/ui/project/default/storage/custom-isos');
  await expect(page.getByRole('heading', { name: 'No custom ISOs found' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload ISO' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload ISO' });
  await dialog.getByLabel('ISO file').setInputFiles({
    name: `${name}.iso`,
    mimeType: 'application/x-iso9660-image',
    buffer: Buffer.alloc(size, 7),
  });
  await expect(dialog.getByLabel('Storage pool')).toHaveValue(POOL);
  // The name comes from the file name (spec §5); the real LXD's lookup says it is free.
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  const request = await upload.request;
  const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', /^\d+% · .* of 3\.0 MiB$/);
  await expect(dialog.getByRole('button', { name: 'Cancel upload' })).toBeVisible();

  expect(request.url()).toMatch(
    new RegExp(`/1\\.0/storage-pools/${POOL}/volumes/custom\\?project=default$`),
  );
  const headers = await request.allHeaders();
  expect(headers['x-lxd-type']).toBe('iso');
  expect(headers['x-lxd-name']).toBe(name);
  expect(headers['content-type']).toBe('application/octet-stream');
  expect(request.postDataBuffer()?.length).toBe(size);

  // LXD 6 answers with the operation that writes the ISO into the pool.
  upload.release(async (route) => {
    isos.push(isoVolume(name, size));
    await startOperation(route, 'Creating storage volume', {
      entity_url: `/1.0/storage-pools/${POOL}/volumes/custom/${name}`,
    });
  });
  await expect(dialog.getByText('ISO uploaded', { exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog).toContainText('100% · 3.0 MiB of 3.0 MiB');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(POOL);
  await expect(row).toContainText('3.0 MiB');
  await expect(row).toContainText('Not in use');
});

test('cancels an ISO upload: nothing is created', async ({ page }) => {
  const name = uniqueName('e2e-cancel');
  await addExtensions(page, ['custom_volume_iso']);
  await appendIsos(page, []);
  const upload = await holdIsoUploads(page);
  try {
    await page.goto('/ui/project/default/storage/custom-isos');
    await page.getByRole('button', { name: 'Upload ISO' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload ISO' });
    await dialog.getByLabel('ISO file').setInputFiles({
      name: `${name}.iso`,
      mimeType: 'application/x-iso9660-image',
      buffer: Buffer.alloc(MiB, 1),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.request;
    await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(
      dialog.getByText('The upload was cancelled. No volume was created.'),
    ).toBeVisible();
    await expect(dialog.getByText(`Selected: ${name}.iso`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No custom ISOs found' })).toBeVisible();
  } finally {
    upload.release(async (route) => {
      await route.abort();
    });
  }
});

test('deletes an ISO; one in use cannot be deleted and says why', async ({ page }) => {
  const free = uniqueName('e2e-free');
  const used = uniqueName('e2e-used');
  const isos = [isoVolume(free, 2 * MiB), isoVolume(used, MiB, ['/1.0/instances/installer-vm'])];
  const deleted: string[] = [];
  await addExtensions(page, ['custom_volume_iso']);
  const startOperation = await fakeOperations(page);
  await appendIsos(page, isos);
  await page.route(
    (url) => url.pathname.startsWith(`/1.0/storage-pools/${POOL}/volumes/custom/e2e-`),
    async (route) => {
      if (route.request().method() !== 'DELETE') {
        await route.fallback();
        return;
      }
      const volume = decodeURIComponent(
        new URL(route.request().url()).pathname.split('/')[6] ?? '',
      );
      deleted.push(volume);
      isos.splice(
        isos.findIndex((iso) => iso.name === volume),
        1,
      );
      await startOperation(route, 'Deleting storage volume', null);
    },
  );

  await page.goto('/ui/project/default/storage/custom-isos');
  const usedRow = page.getByRole('row', { name: new RegExp(used) });
  await expect(usedRow.getByRole('link', { name: 'installer-vm' })).toHaveAttribute(
    'href',
    '/ui/project/default/instance/installer-vm',
  );
  const refused = usedRow.getByRole('button', { name: `Delete ${used}` });
  await expect(refused).toBeDisabled();
  await expect(refused).toHaveAttribute(
    'title',
    'In use by 1 instance (installer-vm): detach it before deleting it.',
  );

  await page
    .getByRole('row', { name: new RegExp(free) })
    .getByRole('button', {
      name: `Delete ${free}`,
    })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete ISO' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(free) })).toHaveCount(0);
  await expect(usedRow).toBeVisible();
  expect(deleted).toEqual([free]);
});

// ---------------------------------------------------------------------------------------------
// Buckets
// ---------------------------------------------------------------------------------------------

interface Key {
  name: string;
  description: string;
  role: string;
  'access-key': string;
  'secret-key': string;
}

interface Bucket {
  name: string;
  description: string;
  config: Record<string, string>;
  s3_url: string;
  location: string;
  project: string;
  etag: string;
  keys: Map<string, Key>;
}

function credentials(): Pick<Key, 'access-key' | 'secret-key'> {
  const random = (length: number) =>
    Array.from(
      { length },
      () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)],
    ).join('');
  return { 'access-key': random(16), 'secret-key': random(32) };
}

/** A bucket as LXD answers it (doc/rest-api.yaml `StorageBucket`). */
const publicBucket = (bucket: Bucket) => ({
  name: bucket.name,
  description: bucket.description,
  config: bucket.config,
  s3_url: bucket.s3_url,
  location: bucket.location,
  project: bucket.project,
});

/**
 * The bucket API of an LXD 6 server, for every pool (5.0.2 has none): buckets and keys kept here,
 * writes answered like LXD 6.8 (operations; the admin key in the operation's metadata) except
 * key creation, answered like LXD 6.0–6.7 (synchronously, the key as metadata), so that both
 * shapes are exercised. Every request is recorded.
 */
async function fakeBuckets(page: Page, startOperation: Awaited<ReturnType<typeof fakeOperations>>) {
  const buckets = new Map<string, Bucket>();
  const requests: { method: string; path: string; body: unknown; ifMatch?: string }[] = [];
  let version = 0;
  const etag = () => {
    version += 1;
    return `"e2e${version.toString(16).padStart(8, '0')}"`;
  };
  const add = (name: string, over: Partial<Bucket> = {}) => {
    const bucket: Bucket = {
      name,
      description: '',
      config: {},
      s3_url: `https://127.0.0.1:8555/${name}`,
      location: 'none',
      project: 'default',
      etag: etag(),
      keys: new Map([
        ['admin', { name: 'admin', description: 'Admin user', role: 'admin', ...credentials() }],
      ]),
      ...over,
    };
    buckets.set(name, bucket);
    return bucket;
  };
  const error = (route: Route, status: number, message: string) =>
    route.fulfill({
      status,
      json: { type: 'error', error: message, error_code: status, metadata: null },
    });

  await page.route(
    (url) => /^\/1\.0\/storage-pools\/[^/]+\/buckets(\/|$)/.test(url.pathname),
    async (route) => {
      const request = route.request();
      const method = request.method();
      const url = new URL(request.url());
      const parts = url.pathname.split('/').map(decodeURIComponent);
      // ['', '1.0', 'storage-pools', pool, 'buckets', bucket?, 'keys'?, key?]
      const [pool = '', bucketName, keysPart, keyName] = [parts[3], parts[5], parts[6], parts[7]];
      const body = request.postData() ? (request.postDataJSON() as unknown) : undefined;
      requests.push({
        method,
        path: url.pathname + url.search,
        body,
        ...(request.headers()['if-match'] ? { ifMatch: request.headers()['if-match'] } : {}),
      });
      const mine = pool === POOL;
      if (bucketName === undefined) {
        if (method === 'GET') {
          await route.fulfill({
            json: sync(mine ? [...buckets.values()].map(publicBucket) : []),
          });
          return;
        }
        if (method === 'POST' && mine) {
          const post = body as {
            name: string;
            description: string;
            config: Record<string, string>;
          };
          const bucket = add(post.name, { description: post.description, config: post.config });
          const admin = bucket.keys.get('admin');
          await startOperation(route, 'Creating storage bucket', { key: admin });
          return;
        }
      }
      const bucket = mine && bucketName !== undefined ? buckets.get(bucketName) : undefined;
      if (!bucket) {
        await error(route, 404, 'Storage bucket not found');
        return;
      }
      if (keysPart === undefined) {
        if (method === 'GET') {
          await route.fulfill({ json: sync(publicBucket(bucket)), headers: { ETag: bucket.etag } });
        } else if (method === 'PUT') {
          if (request.headers()['if-match'] !== bucket.etag) {
            await error(route, 412, "ETag doesn't match");
            return;
          }
          const put = body as { description: string; config: Record<string, string> };
          bucket.description = put.description;
          bucket.config = put.config;
          bucket.etag = etag();
          await startOperation(route, 'Updating storage bucket', null);
        } else if (method === 'DELETE') {
          buckets.delete(bucket.name);
          await startOperation(route, 'Deleting storage bucket', null);
        } else await error(route, 405, 'Method not allowed');
        return;
      }
      if (keyName === undefined) {
        if (method === 'GET') {
          await route.fulfill({ json: sync([...bucket.keys.values()]) });
        } else if (method === 'POST') {
          const post = body as Partial<Key> & { name: string; role: string; description: string };
          const generated = credentials();
          const key: Key = {
            name: post.name,
            role: post.role,
            description: post.description,
            'access-key': post['access-key'] ?? generated['access-key'],
            'secret-key': post['secret-key'] ?? generated['secret-key'],
          };
          bucket.keys.set(key.name, key);
          await route.fulfill({ json: sync(key) });
        } else await error(route, 405, 'Method not allowed');
        return;
      }
      const key = bucket.keys.get(keyName);
      if (!key) {
        await error(route, 404, 'Storage bucket key not found');
      } else if (method === 'GET') {
        await route.fulfill({ json: sync(key), headers: { ETag: `"key-${key.role}"` } });
      } else if (method === 'DELETE') {
        bucket.keys.delete(key.name);
        await startOperation(route, 'Deleting storage bucket key', null);
      } else await error(route, 405, 'Method not allowed');
    },
  );
  return { buckets, requests, add };
}

async function bucketPage(page: Page) {
  await addExtensions(page, ['storage_buckets']);
  const startOperation = await fakeOperations(page);
  return fakeBuckets(page, startOperation);
}

test('the bucket list says when the server does not support storage buckets', async ({ page }) => {
  await page.goto('/ui/project/default/storage/buckets');
  await expect(page.getByRole('heading', { name: 'Buckets', level: 1 })).toBeVisible();
  await expect(page.getByText('This server does not support storage buckets.')).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Buckets' }),
  ).toBeVisible();
});

test('creates a bucket: the admin key is shown once with copy buttons; edit sends If-Match', async ({
  page,
}) => {
  const name = uniqueName('e2e-bucket');
  const fake = await bucketPage(page);
  await page.goto('/ui/project/default/storage/buckets');
  await expect(page.getByRole('heading', { name: 'No buckets found' })).toBeVisible();
  await page.getByRole('button', { name: 'Create bucket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create bucket' });
  await expect(dialog.getByLabel('Storage pool')).toHaveValue(POOL);
  await dialog.getByLabel('Name').fill('Not Valid');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    dialog.getByText(
      'Bucket name must be between 3 and 63 lowercase letters, numbers, periods or hyphens and must start with a letter or number',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Size').fill('5GiB');
  await dialog.getByLabel('Description').fill('Made by e2e');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'Bucket created' });
  // The stand-in answers in the browser: read what it made once the page shows the answer.
  await expect(shown).toBeVisible();
  const admin = fake.buckets.get(name)?.keys.get('admin');
  expect(admin).toBeDefined();
  await expect(shown).toContainText(admin?.['access-key'] ?? '-');
  await expect(shown).toContainText(admin?.['secret-key'] ?? '-');
  await expect(shown).toContainText('This is the only time the secret key is shown.');
  await expect(shown.getByRole('button', { name: 'Copy access key' })).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy secret key' })).toBeVisible();
  expect(fake.requests.find((r) => r.method === 'POST')).toEqual({
    method: 'POST',
    path: `/1.0/storage-pools/${POOL}/buckets?project=default`,
    body: { name, description: 'Made by e2e', config: { size: '5GiB' } },
  });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(admin?.['secret-key'] ?? '-')).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('5GiB');
  await expect(row).toContainText(`https://127.0.0.1:8555/${name}`);
  await expect(row).toContainText('Made by e2e');
  await expect(row.getByRole('button', { name: `Copy S3 URL of ${name}` })).toBeVisible();

  const etag = fake.buckets.get(name)?.etag;
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit bucket ${name}` });
  await edit.getByLabel('Size').fill('8GiB');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('8GiB');
  expect(fake.requests.find((r) => r.method === 'PUT')).toEqual({
    method: 'PUT',
    path: `/1.0/storage-pools/${POOL}/buckets/${name}?project=default`,
    body: { description: 'Made by e2e', config: { size: '8GiB' } },
    ifMatch: etag,
  });
});

test('bucket keys: a new key shows its secret once; keys are deleted', async ({ page }) => {
  const name = uniqueName('e2e-keys');
  const fake = await bucketPage(page);
  fake.add(name, { description: 'With keys', config: { size: '1GiB' } });
  await page.goto('/ui/project/default/storage/buckets');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(`https://127.0.0.1:8555/${name}`);
  await page.getByRole('tab', { name: 'Keys' }).click();
  const table = page.getByRole('table', { name: `Keys of bucket ${name}` });
  await expect(table.getByRole('row', { name: /admin/ })).toContainText('Admin');

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create key' });
  await dialog.getByLabel('Name').fill('reader');
  await dialog.getByLabel('Role').selectOption('read-only');
  await dialog.getByLabel('Description').fill('CI pipelines');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'Key created' });
  await expect(shown).toBeVisible();
  const reader = fake.buckets.get(name)?.keys.get('reader');
  expect(reader).toBeDefined();
  await expect(shown).toContainText(reader?.['secret-key'] ?? '-');
  await expect(shown.getByRole('button', { name: 'Copy secret key' })).toBeVisible();
  expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
    name: 'reader',
    role: 'read-only',
    description: 'CI pipelines',
  });
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = table.getByRole('row', { name: /reader/ });
  await expect(row).toContainText('Read-only');
  await expect(row).toContainText(reader?.['access-key'] ?? '-');
  await expect(table).not.toContainText(reader?.['secret-key'] ?? '-');

  await row.getByRole('button', { name: 'Delete key reader' }).click();
  await page
    .getByRole('dialog', { name: 'Delete key' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(table.getByRole('row', { name: /reader/ })).toHaveCount(0);
  expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
    `/1.0/storage-pools/${POOL}/buckets/${name}/keys/reader?project=default`,
  ]);
});

test('deletes a bucket from its page', async ({ page }) => {
  const name = uniqueName('e2e-gone');
  const fake = await bucketPage(page);
  fake.add(name);
  await page.goto(`/ui/project/default/storage/pool/${POOL}/bucket/${name}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete bucket' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/ui\/project\/default\/storage\/buckets$/);
  await expect(page.getByRole('heading', { name: 'No buckets found' })).toBeVisible();
  expect(fake.buckets.has(name)).toBe(false);
  expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
    `/1.0/storage-pools/${POOL}/buckets/${name}?project=default`,
  ]);
});

test('custom ISO and bucket screens pass an axe scan', async ({ page }) => {
  const bucket = uniqueName('e2e-axe');
  await addExtensions(page, ['custom_volume_iso', 'storage_buckets']);
  const startOperation = await fakeOperations(page);
  await appendIsos(page, [
    isoVolume(uniqueName('e2e-axe-iso'), 2 * MiB),
    isoVolume(uniqueName('e2e-axe-used'), MiB, ['/1.0/instances/installer-vm']),
  ]);
  const fake = await fakeBuckets(page, startOperation);
  fake.add(bucket, { description: 'Scanned', config: { size: '1GiB' } });

  const detail = `/ui/project/default/storage/pool/${POOL}/bucket/${bucket}`;
  for (const [path, ready] of [
    ['/ui/project/default/storage/custom-isos', page.getByRole('table', { name: 'Custom ISOs' })],
    ['/ui/project/default/storage/buckets', page.getByRole('table', { name: 'Buckets' })],
    [detail, page.getByRole('tabpanel').getByText('Scanned')],
    [`${detail}?tab=keys`, page.getByRole('table', { name: `Keys of bucket ${bucket}` })],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(ready).toBeVisible();
    await expect(page.locator('main .loader')).toHaveCount(0);
    const serious = await seriousViolations(page, path);
    expect(serious).toEqual([]);
  }
});
