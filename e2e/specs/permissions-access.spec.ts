/**
 * Identities, groups and IdP groups. The e2e LXD is 5.0.2, which has no access management, so
 * the browser's calls are answered here, and only those: GET /1.0 (the real answer with
 * `access_management`, `access_management_tls` and `entities_with_entitlements` added) and
 * everything under /1.0/auth/, by an in-memory server shaped as the LXD 6 reference
 * (src/lxd/testing/fake-auth.ts) that keeps what the console creates. The signed-in identity is
 * an admin that is not fine-grained. The entities a permission can name are the real server's
 * projects and profiles.
 */
import type { Page } from '@playwright/test';
import { FakeAuthServer, type FakeAuthAnswer } from '../../src/lxd/testing/fake-auth';
import type { LxdPermission } from '../../src/lxd/types/auth';
import { expect, test, uniqueName } from '../fixtures';
import type { LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';
import { fetchForRoute } from '../support/answers';

const EXTENSIONS = ['access_management', 'access_management_tls', 'entities_with_entitlements'];

const ME = {
  id: '5b3c1e0d9a7f4e2b8c6d5a4f3e2d1c0b9a8f7e6d5c4b3a291807f6e5d4c3b2a1',
  name: 'console-admin',
  authentication_method: 'tls',
  type: 'Client certificate (unrestricted)',
  groups: [],
};

/** LXD's envelope around an answer of the fake server. */
function envelope(answer: FakeAuthAnswer) {
  return answer.status >= 400
    ? { type: 'error', error: answer.error ?? '', error_code: answer.status, metadata: null }
    : {
        type: 'sync',
        status: 'Success',
        status_code: 200,
        operation: '',
        error_code: 0,
        error: '',
        metadata: answer.metadata ?? {},
      };
}

interface Write {
  request: string;
  body: unknown;
}

/** Answers GET /1.0 (with the extensions) and /1.0/auth/*; returns the writes, in order. */
async function serveAccess(page: Page, fake: FakeAuthServer): Promise<Write[]> {
  const writes: Write[] = [];
  await page.route(
    (url) => url.pathname === '/1.0',
    async (route) => {
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: { api_extensions: string[] } };
      body.metadata.api_extensions = [...body.metadata.api_extensions, ...EXTENSIONS];
      await route.fulfill({ response, json: body });
    },
  );
  await page.route(
    (url) => url.pathname.startsWith('/1.0/auth/'),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const path = `${url.pathname}${url.search}`;
      const body: unknown = request.postData() ? request.postDataJSON() : undefined;
      if (request.method() !== 'GET') writes.push({ request: `${request.method()} ${path}`, body });
      const answer = fake.handle({
        method: request.method(),
        url: path,
        body,
        ifMatch: await request.headerValue('If-Match'),
      }) ?? { status: 404, error: 'not found' };
      await route.fulfill({
        status: answer.status,
        json: envelope(answer),
        headers: answer.etag ? { ETag: answer.etag } : {},
      });
    },
  );
  return writes;
}

/** What a group may be given: the real server, its projects and the default project's profiles. */
async function realChoices(lxd: LxdApi): Promise<LxdPermission[]> {
  const projects = await lxd.get<{ name: string }[]>('/1.0/projects?recursion=1');
  const profiles = await lxd.get<{ name: string }[]>('/1.0/profiles?recursion=1&project=default');
  const rows = (entity_type: string, url: string, entitlements: string[]) =>
    entitlements.map((entitlement) => ({ entity_type, url, entitlement }));
  return [
    ...rows('server', '/1.0', ['admin', 'viewer', 'can_view_resources']),
    ...projects.flatMap((project) =>
      rows('project', `/1.0/projects/${encodeURIComponent(project.name)}`, [
        'can_view',
        'operator',
        'viewer',
      ]),
    ),
    ...profiles.flatMap((profile) =>
      rows('profile', `/1.0/profiles/${encodeURIComponent(profile.name)}?project=default`, [
        'can_edit',
        'can_view',
      ]),
    ),
  ];
}

function seed(choices: LxdPermission[] = []) {
  return new FakeAuthServer({
    current: { ...ME, fine_grained: false },
    identities: [
      ME,
      {
        id: 'alice@example.com',
        name: 'Alice',
        authentication_method: 'oidc',
        type: 'OIDC client',
        groups: ['viewers'],
      },
      {
        id: '0d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d9c0b1a2f3e4d5c6b7a8f9e0d1c',
        name: 'node2',
        authentication_method: 'tls',
        type: 'Server certificate',
        groups: [],
      },
    ],
    groups: [{ name: 'viewers', description: 'Read only', permissions: [] }],
    choices,
  });
}

async function expectNoSeriousViolations(page: Page, label: string) {
  expect(await seriousViolations(page, label)).toEqual([]);
}

test('identities: system identities hidden until shown; a TLS identity gets a token', async ({
  page,
}) => {
  const fake = seed();
  const writes = await serveAccess(page, fake);
  await page.goto('/ui/permissions/identities?system-identities=hide');

  const table = page.getByRole('table', { name: 'Identities' });
  await expect(table.getByRole('row', { name: 'console-admin' })).toContainText('You');
  await expect(table.getByRole('row', { name: 'Alice' })).toContainText('OIDC client');
  await expect(table.getByRole('row', { name: 'node2' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'identities');

  const toggle = page.getByRole('switch', { name: 'Show system identities' });
  await expect(toggle).not.toBeChecked();
  // Vanilla's switch is drawn over its input: click the label, as a user does.
  await page.getByText('Show system identities').click();
  await expect(toggle).toBeChecked();
  await expect(table.getByRole('row', { name: 'node2' })).toContainText('Server certificate');
  await expect(page).toHaveURL(/\/ui\/permissions\/identities$/);

  const name = uniqueName('laptop');
  await page.getByRole('button', { name: 'Create TLS identity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create TLS identity' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'viewers' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Create identity' }).click();

  const tokenDialog = page.getByRole('dialog', { name: `Token for ${name}` });
  const token = await tokenDialog.getByRole('textbox', { name: 'Trust token' }).inputValue();
  expect(writes).toEqual([
    { request: 'POST /1.0/auth/identities/tls', body: { name, groups: ['viewers'], token: true } },
  ]);
  expect(JSON.parse(Buffer.from(token, 'base64').toString())).toMatchObject({
    client_name: name,
    type: 'Client certificate',
  });
  await expect(
    tokenDialog.getByRole('textbox', { name: 'Add this server as a remote on the client' }),
  ).toHaveValue(new RegExp(`^lxc remote add \\S+ ${token}$`));
  await expect(tokenDialog.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await tokenDialog.getByRole('button', { name: 'Done' }).click();
  await expect(table.getByRole('row', { name })).toContainText('Client certificate (pending)');
});

test('groups: a group is created with two permissions and an identity', async ({ page, lxd }) => {
  const fake = seed(await realChoices(lxd));
  const writes = await serveAccess(page, fake);
  await page.goto('/ui/permissions/groups');
  await expect(page.getByRole('row', { name: 'viewers' })).toContainText('Read only');
  await expectNoSeriousViolations(page, 'groups');

  const name = uniqueName('operators');
  await page.getByRole('link', { name: 'Create group' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Runs the default project');

  const picker = page.getByRole('group', { name: 'Add a permission' });
  await picker.getByRole('combobox', { name: 'Entity type' }).selectOption('project');
  await picker.getByRole('combobox', { name: 'Entity', exact: true }).selectOption('default');
  await picker.getByRole('combobox', { name: 'Entitlement' }).selectOption('operator');
  await picker.getByRole('button', { name: 'Add permission' }).click();
  await picker.getByRole('combobox', { name: 'Entity type' }).selectOption('profile');
  await expect(picker.getByRole('combobox', { name: 'Project' })).toHaveValue('default');
  await picker
    .getByRole('combobox', { name: 'Entity', exact: true })
    .selectOption({ label: 'default (project default)' });
  await picker.getByRole('combobox', { name: 'Entitlement' }).selectOption('can_view');
  await picker.getByRole('button', { name: 'Add permission' }).click();
  const permissions = page.getByRole('table', { name: 'Permissions' });
  await expect(permissions.getByRole('row')).toHaveCount(3);

  await page
    .getByRole('group', { name: 'Identities' })
    .getByRole('checkbox', { name: 'Alice OIDC' })
    .check({ force: true });
  await expectNoSeriousViolations(page, 'group form');
  await page.getByRole('button', { name: 'Create group' }).click();

  await expect(page).toHaveURL(new RegExp(`/ui/permissions/group/${name}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(writes).toEqual([
    {
      request: 'POST /1.0/auth/groups',
      body: {
        name,
        description: 'Runs the default project',
        permissions: [
          { entity_type: 'project', url: '/1.0/projects/default', entitlement: 'operator' },
          {
            entity_type: 'profile',
            url: '/1.0/profiles/default?project=default',
            entitlement: 'can_view',
          },
        ],
      },
    },
    {
      request: 'PUT /1.0/auth/identities/oidc/alice%40example.com',
      body: { groups: ['viewers', name] },
    },
  ]);
  await expect(
    page.getByRole('group', { name: 'Identities' }).getByRole('checkbox', { name: 'Alice OIDC' }),
  ).toBeChecked();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Groups' })
    .click();
  await expect(page.getByRole('row', { name })).toContainText('Runs the default project12');
});

test('IdP groups: an IdP group is mapped to a group', async ({ page }) => {
  const fake = seed();
  const writes = await serveAccess(page, fake);
  await page.goto('/ui/permissions/idp-groups');
  await expect(page.getByRole('heading', { name: 'No IdP groups found' })).toBeVisible();

  const name = uniqueName('sales');
  await page.getByRole('button', { name: 'Create IdP group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create IdP group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'viewers' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Create IdP group' }).click();

  const row = page.getByRole('row', { name });
  await expect(row).toContainText('viewers');
  expect(writes).toEqual([
    { request: 'POST /1.0/auth/identity-provider-groups', body: { name, groups: ['viewers'] } },
  ]);
  await expectNoSeriousViolations(page, 'IdP groups');

  await row.getByRole('button', { name: `Edit groups of ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Groups of ${name}` });
  await expect(edit.getByRole('checkbox', { name: 'viewers' })).toBeChecked();
  await edit.getByRole('checkbox', { name: 'viewers' }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save groups' }).click();
  await expect(edit).toHaveCount(0);
  expect(writes.at(-1)).toEqual({
    request: `PUT /1.0/auth/identity-provider-groups/${name}`,
    body: { groups: [] },
  });
  await expect(row).not.toContainText('viewers');
});
