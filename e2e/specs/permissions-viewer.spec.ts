/**
 * A viewer-only identity (spec §6, fine-grained mode) browses real resources and can change
 * nothing: every create / edit / delete control is disabled and says why, and no request other
 * than a GET leaves the browser. LXD 5.0.2 here has no access management, so only what it lacks
 * is answered in the browser, with bodies shaped like the LXD 6 reference (doc/rest-api.yaml:
 * IdentityInfo, Permission, `access_entitlements`): GET /1.0 gains `access_management` and
 * `entities_with_entitlements`, GET /1.0/auth/identities/current is a fine-grained TLS identity
 * of group `viewers`, and the real answers of calls that ask `with-access-entitlements` gain
 * the entitlements a server `viewer` has (lxd/auth/drivers/openfga_model.openfga: `viewer` on the
 * server implies `can_view_resources`, `can_view_metrics`, and on every project `can_view`,
 * `can_view_events` and `can_view_operations`; nothing that changes anything).
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { fetchForRoute, sync } from '../support/answers';
import type { LxdApi } from '../support/lxd-api';
import { createProfile, removeProfile } from '../support/profiles-projects';

/** What a server viewer is granted, of what the console asks for. */
const VIEWER_SERVER = ['viewer', 'can_view_resources', 'can_view_metrics'];
const VIEWER_PROJECT = ['can_view', 'can_view_events', 'can_view_operations'];

const identity = {
  id: 'f3b2c1d0e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2',
  name: 'e2e-viewer',
  type: 'Client certificate',
  authentication_method: 'tls',
  fine_grained: true,
  groups: ['viewers'],
  effective_groups: ['viewers'],
  effective_permissions: [{ entity_type: 'server', url: '/1.0', entitlement: 'viewer' }],
};

type Entity = Record<string, unknown>;

/** The entitlements of `granted` that the call asked for (LXD answers only those). */
function answer(url: URL, granted: readonly string[]): string[] {
  const asked = (url.searchParams.get('with-access-entitlements') ?? '').split(',');
  return granted.filter((entitlement) => asked.includes(entitlement));
}

/**
 * Makes the browser's identity a fine-grained viewer of `projects` (every project unless
 * given): the projects not listed get `can_view` only (no events, no operations).
 */
async function becomeViewer(page: Page, projects?: readonly string[]) {
  const projectEntitlements = (name: unknown) =>
    projects === undefined || projects.includes(String(name)) ? VIEWER_PROJECT : ['can_view'];

  await page.route(
    (url) => url.pathname === '/1.0',
    async (route) => {
      const url = new URL(route.request().url());
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: Entity & { api_extensions: string[] } };
      body.metadata.api_extensions = [
        ...body.metadata.api_extensions,
        'access_management',
        'entities_with_entitlements',
      ];
      if (url.searchParams.has('with-access-entitlements')) {
        body.metadata.access_entitlements = answer(url, VIEWER_SERVER);
      }
      await route.fulfill({ response, json: body });
    },
  );
  await page.route(
    (url) => url.pathname === '/1.0/auth/identities/current',
    (route) => route.fulfill({ json: sync(identity) }),
  );
  await page.route(
    (url) => url.pathname !== '/1.0' && url.searchParams.has('with-access-entitlements'),
    async (route) => {
      const url = new URL(route.request().url());
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: Entity | Entity[] | null };
      const isProject = url.pathname.startsWith('/1.0/projects');
      const grant = (entity: Entity) => ({
        ...entity,
        access_entitlements: answer(
          url,
          isProject ? projectEntitlements(entity.name) : ['can_view'],
        ),
      });
      if (Array.isArray(body.metadata)) body.metadata = body.metadata.map(grant);
      else if (body.metadata) body.metadata = grant(body.metadata);
      await route.fulfill({ response, json: body });
    },
  );
}

/** Every request to LXD that is not a GET, while the test runs. */
function writes(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/1.0') && request.method() !== 'GET') {
      seen.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
  return seen;
}

async function expectDenied(control: Locator, reason: string) {
  await expect(control).toBeDisabled();
  await expect(control).toHaveAccessibleDescription(reason);
}

const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });

/** A bridge name of at most 15 characters (Linux interface names), unique across runs. */
const bridgeName = () =>
  `vw${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`;

async function createVolume(lxd: LxdApi, name: string) {
  await lxd.run('POST', '/1.0/storage-pools/default/volumes/custom?project=default', {
    name,
    type: 'custom',
    config: {},
  });
}

async function ignoreMissing(work: Promise<unknown>) {
  await work.catch(() => undefined);
}

test('a viewer-only identity sees every create, edit and delete control disabled, saying why', async ({
  page,
  lxd,
  track,
}) => {
  test.setTimeout(180_000);
  const instance = track(uniqueName('vwc'));
  const profile = uniqueName('vwprof');
  const network = bridgeName();
  const volume = uniqueName('vwvol');
  await lxd.createInstance(instance);
  await createProfile(lxd, profile, { description: 'Viewer e2e' });
  await lxd.run('POST', '/1.0/networks', {
    name: network,
    type: 'bridge',
    config: { 'ipv4.address': 'none', 'ipv6.address': 'none' },
  });
  await createVolume(lxd, volume);
  const sent = writes(page);

  const no = (what: string) => `You do not have permission to ${what}`;
  /** Each stop of the walk: where, then the controls (by accessible name) and their reasons. */
  const walk: { path: string; denied: Record<string, string> }[] = [
    {
      path: '/ui/project/default/profiles',
      denied: { 'Create profile': no('create profiles in this project') },
    },
    {
      path: `/ui/project/default/profile/${profile}/configuration`,
      denied: {
        Rename: no('rename this profile'),
        Delete: no('delete this profile'),
        'Save changes': no('change this profile'),
      },
    },
    {
      path: '/ui/project/default/networks',
      denied: { 'Create network': no('create networks in this project') },
    },
    {
      path: `/ui/project/default/network/${network}`,
      denied: { Rename: no('rename this network'), Delete: no('delete this network') },
    },
    {
      path: '/ui/project/default/storage/pools',
      denied: { 'Create pool': no('create storage pools') },
    },
    {
      path: '/ui/project/default/storage/pool/default',
      denied: { Rename: no('rename this storage pool'), Delete: no('delete this storage pool') },
    },
    {
      path: '/ui/project/default/storage/volumes',
      denied: {
        'Create volume': no('create storage volumes in this project'),
        'Import backup': no('create storage volumes in this project'),
      },
    },
    {
      path: `/ui/project/default/storage/pool/default/volumes/custom/${volume}`,
      denied: {
        Rename: no('rename this volume'),
        Move: no('rename this volume'),
        Copy: no('create storage volumes in this project'),
        'Export backup': no('export backups of this volume'),
        Delete: no('delete this volume'),
      },
    },
    {
      path: '/ui/project/default/images',
      denied: { 'Upload image': no('create images in this project') },
    },
    {
      path: '/ui/project/default/configuration',
      denied: {
        Rename: no('rename this project'),
        Delete: no('delete this project'),
        'Save changes': no('change this project'),
      },
    },
    {
      path: '/ui/settings',
      denied: {
        'Add user key': no('edit server settings'),
        'Edit core.https_address': no('edit server settings'),
      },
    },
  ];

  try {
    await becomeViewer(page);

    // Instances: the list, a row's quick action and the bulk actions of a selection.
    await page.goto('/ui/project/default/instances');
    await expectDenied(button(page, 'Create instance'), no('create instances in this project'));
    const row = page.getByRole('row', { name: new RegExp(`^${instance} `) });
    await expectDenied(button(row, `Start ${instance}`), no('change the state of this instance'));
    await row.getByRole('checkbox').check();
    for (const name of ['Start', 'Restart', 'Freeze', 'Stop']) {
      await expectDenied(button(page, name), no('change the state of this instance'));
    }
    await expectDenied(button(page, 'Delete'), no('delete this instance'));
    // A viewer sees events and operations: no warning in the status bar.
    await expect(button(page, 'Missing viewer permission')).toBeHidden();

    // One instance: its header, configuration and snapshots.
    await page.goto(`/ui/project/default/instance/${instance}`);
    const actions = page.getByRole('group', { name: 'Instance actions' });
    const header: Record<string, string> = {
      Start: no('change the state of this instance'),
      Copy: no('create instances in this project'),
      'Export backup': no('export backups of this instance'),
      'Create image': no('create images in this project'),
      Delete: no('delete this instance'),
    };
    for (const [name, reason] of Object.entries(header)) {
      await expectDenied(button(actions, name), reason);
    }
    await expectDenied(button(page, 'Rename'), no('rename this instance'));
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expectDenied(button(page, 'Save changes'), no('change this instance'));
    await page.getByRole('tab', { name: 'Snapshots' }).click();
    await expectDenied(
      button(page, 'Create snapshot').first(),
      no('manage the snapshots of this instance'),
    );

    // Profiles, networks, storage, images, the project and the settings.
    for (const stop of walk) {
      await page.goto(stop.path);
      for (const [name, reason] of Object.entries(stop.denied)) {
        await expectDenied(button(page, name), reason);
      }
    }
    // The rows of the e2e server's busybox image (on the images page).
    await page.goto('/ui/project/default/images');
    await expectDenied(button(page, /^Delete image /).first(), no('delete this image'));
    await expectDenied(
      button(page, /^Create instance from /).first(),
      no('create instances in this project'),
    );
    // The project selector's create entry.
    await button(page, 'Project default').click();
    await expectDenied(button(page, 'Create project'), no('create projects'));

    // The hardware is there to see: a viewer may view resources.
    await page.goto('/ui/server');
    await expect(page.getByRole('heading', { name: 'CPU' })).toBeVisible();
    expect(sent).toEqual([]);
  } finally {
    await ignoreMissing(lxd.run('DELETE', `/1.0/storage-pools/default/volumes/custom/${volume}`));
    await ignoreMissing(lxd.run('DELETE', `/1.0/networks/${network}`));
    await removeProfile(lxd, profile);
  }
});

test("'Missing viewer permission' where events and operations of the project cannot be viewed", async ({
  page,
}) => {
  const sent = writes(page);
  await becomeViewer(page, []);
  await page.goto('/ui/project/default/instances');
  await button(page, 'Missing viewer permission').click();
  const dialog = page.getByRole('dialog', { name: 'Missing viewer permission' });
  await expect(dialog).toContainText('can_view_events');
  await button(dialog, 'Accept').click();
  await expect(dialog).toBeHidden();

  await page.goto('/ui/operations?project=default');
  await expect(page.getByRole('heading', { name: 'Missing viewer permission' })).toBeVisible();
  await expect(
    page.getByText('You do not have permission to view the operations of this project.'),
  ).toBeVisible();
  expect(sent).toEqual([]);
});
