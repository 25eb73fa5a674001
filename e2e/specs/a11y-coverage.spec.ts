/**
 * axe scans of the screens no feature spec scans, the side navigation in each of its states, and
 * a few open dialogs and forms with their errors shown. docs/A11Y.md lists every route with the
 * spec that scans it: keep both complete.
 */
import type { Page } from '@playwright/test';
import { FakeAuthServer, type FakeAuthAnswer } from '../../src/lxd/testing/fake-auth';
import { expect, test, uniqueName } from '../fixtures';
import { textContrast } from '../support/contrast';
import { busybox } from '../support/instance-ui';
import { createTestBridge } from '../support/networks';
import { seriousViolations } from '../support/settings';
import { fetchForRoute } from '../support/answers';

/** Waits for the page's heading and for its loaders to be gone, then scans it. */
async function scan(page: Page, label: string): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main .loader')).toHaveCount(0);
  return seriousViolations(page, label);
}

// The scan itself can fail: a page with an unlabelled field and an image without text.
test('the axe scan reports serious violations when a page has them', async ({ page }) => {
  await page.goto('/ui/project/default/instances');
  await expect(page.getByRole('heading', { level: 1, name: 'Instances' })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main');
    main?.insertAdjacentHTML('beforeend', '<input type="text"><img src="/ui/favicon.ico">');
  });
  const found = await seriousViolations(page, 'broken');
  expect(found.some((line) => line.startsWith('broken: label '))).toBe(true);
  expect(found.some((line) => line.startsWith('broken: image-alt '))).toBe(true);
});

test('the side navigation: every group open passes axe, headings and items readable (4.5:1)', async ({
  page,
  lxd,
  track,
}) => {
  test.setTimeout(120_000);
  // A row for the all-projects list (its Project column).
  const instance = await busybox(lxd, track, uniqueName('axenav'));
  const found: string[] = [];
  const low: string[] = [];
  const measure = async (label: string, target: Parameters<typeof textContrast>[0]) => {
    const contrast = await textContrast(target);
    if (contrast.ratio < 4.5) {
      low.push(`${label}: ${contrast.ratio} (${contrast.color} on ${contrast.background})`);
    }
  };

  await page.goto('/ui/project/default/instances');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Instances' })).toHaveClass(/active/);
  for (const group of ['Networking', 'Storage', 'Permissions']) {
    const heading = nav.getByRole('button', { name: group });
    await expect(heading).toHaveAttribute('aria-expanded', 'false');
    await measure(`${group} closed`, heading);
    await heading.click();
    await expect(heading).toHaveAttribute('aria-expanded', 'true');
    // Away from the heading: the open state itself, not its hover.
    await page.mouse.move(900, 600);
    found.push(...(await scan(page, `navigation, ${group} open`)));
    await measure(`${group} open`, heading);
    await heading.hover();
    await measure(`${group} open, hovered`, heading);
    await heading.focus();
    await measure(`${group} open, focused`, heading);
    // Space held on the heading: the pressed state of a button.
    await page.keyboard.down(' ');
    await measure(`${group} open, pressed`, heading);
    await page.keyboard.up(' ');
    await expect(heading).toHaveAttribute('aria-expanded', 'false');
    await heading.click();
    await expect(heading).toHaveAttribute('aria-expanded', 'true');
  }
  await page.mouse.move(900, 600);
  for (const link of await nav.getByRole('link').all()) {
    await measure(`link ${await link.innerText()}`, link);
  }
  await measure('current entry', nav.getByRole('link', { name: 'Instances' }));

  // The project selector open: its toggle is an expanded button.
  const selector = nav.getByRole('button', { name: 'Project default' });
  await selector.click();
  await expect(selector).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.move(900, 600);
  await measure('project selector open', selector);
  found.push(...(await scan(page, 'navigation, project selector open')));
  await page.keyboard.press('Escape');

  // All projects: the project entries are disabled (and say why), still readable.
  await page.goto(`/ui/all-projects/instances?search=${instance}`);
  await expect(
    page.getByRole('table', { name: 'Instances' }).getByRole('row', { name: new RegExp(instance) }),
  ).toBeVisible();
  found.push(...(await scan(page, '/ui/all-projects/instances')));
  for (const label of ['Profiles', 'Networking', 'Storage', 'Images']) {
    await measure(`${label} disabled`, nav.getByRole('link', { name: label }));
  }

  // The collapsed side bar (below 820 px) behind its Menu button.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/ui/project/default/storage/pools');
  await page.getByRole('button', { name: 'Menu' }).click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.move(700, 800);
  await measure('Close menu', close);
  const storage = nav.getByRole('button', { name: 'Storage' });
  await expect(storage).toHaveAttribute('aria-expanded', 'true');
  await measure('Storage open, collapsed side bar', storage);
  found.push(...(await scan(page, 'collapsed side bar open')));

  expect(low).toEqual([]);
  expect(found).toEqual([]);
});

test('operations, warnings, images, usage and the not-found screens pass an axe scan', async ({
  page,
  lxd,
  track,
}) => {
  // Five scans and an instance made: 53 s on a busy run, near the default 60 s.
  test.setTimeout(120_000);
  // An instance made through the API leaves operations behind and an image in use.
  await busybox(lxd, track, uniqueName('axeops'));
  const found: string[] = [];

  await page.goto('/ui/operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  found.push(...(await scan(page, '/ui/operations')));

  await page.goto('/ui/warnings');
  await expect(page.getByRole('heading', { level: 1, name: 'Warnings' })).toBeVisible();
  found.push(...(await scan(page, '/ui/warnings')));

  await page.goto('/ui/project/default/images');
  const images = page.getByRole('table', { name: 'Images' });
  await expect(images.getByRole('row').nth(1)).toBeVisible();
  found.push(...(await scan(page, '/ui/project/default/images')));
  await images
    .getByRole('button', { name: /^Delete image / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete image' });
  await expect(dialog).toBeVisible();
  found.push(...(await seriousViolations(page, 'images: delete dialog')));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/ui/project/default/usage');
  await expect(page.getByRole('list', { name: 'Resource usage' })).toBeVisible();
  found.push(...(await scan(page, '/ui/project/default/usage')));

  await page.goto('/ui/no-such-screen');
  await expect(
    page.getByText('Sorry, we cannot find the page that you are looking for.'),
  ).toBeVisible();
  found.push(...(await scan(page, 'not found')));

  await page.goto(`/ui/project/${uniqueName('missing')}/instances`);
  await expect(
    page.getByText('The project is missing or you do not have the viewer permission for it.'),
  ).toBeVisible();
  found.push(...(await scan(page, 'project not found')));
  expect(found).toEqual([]);
});

test('instance configuration sections and the create form with an error pass an axe scan', async ({
  page,
  lxd,
  track,
}) => {
  test.setTimeout(120_000);
  const name = await busybox(lxd, track, uniqueName('axecfg'));
  const found: string[] = [];
  for (const section of [
    'devices',
    'limits',
    'security',
    'snapshots',
    'migration',
    'boot',
    'cloud-init',
    'user-properties',
    'yaml',
  ]) {
    const path = `/ui/project/default/instance/${name}/configuration/${section}`;
    await page.goto(path);
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
    found.push(...(await scan(page, path)));
  }

  await page.goto('/ui/project/default/instances/create');
  const field = page.getByLabel('Instance name');
  await field.fill('1bad');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').first()).toBeVisible();
  found.push(...(await seriousViolations(page, 'create: invalid name')));

  await page.goto('/ui/project/default/networks/create');
  const network = page.getByRole('textbox', { name: 'Name' });
  await network.fill('lxce2e0');
  await expect(page.getByText('A network with this name already exists')).toBeVisible();
  found.push(...(await seriousViolations(page, 'network create: name taken')));
  expect(found).toEqual([]);
});

test('a network forward: the forwards tab and the edit form pass an axe scan', async ({
  page,
  lxd,
}) => {
  const network = `axefw${Date.now().toString(36).slice(-6)}`;
  try {
    const gateway = await createTestBridge(lxd, network, 'e2e a11y coverage');
    const target = gateway.replace(/\.1$/, '.10');
    await lxd.run('POST', `/1.0/networks/${network}/forwards`, {
      listen_address: gateway,
      description: 'Scanned',
      config: {},
      ports: [{ protocol: 'tcp', listen_port: '80', target_address: target, target_port: '8080' }],
    });
    const found: string[] = [];
    await page.goto(`/ui/project/default/network/${network}/forwards`);
    await expect(page.getByRole('tabpanel').getByText(gateway).first()).toBeVisible();
    found.push(...(await scan(page, 'network forwards tab')));
    await page.goto(`/ui/project/default/network/${network}/forwards/${gateway}/edit`);
    // The forward's description and its port's: loaded into the form.
    const descriptions = page.getByRole('textbox', { name: 'Description', exact: true });
    await expect(descriptions).toHaveCount(2);
    await expect
      .poll(() =>
        descriptions.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      )
      .toContain('Scanned');
    found.push(...(await scan(page, 'forward edit')));
    expect(found).toEqual([]);
  } finally {
    const forwards = await lxd
      .get<string[]>(`/1.0/networks/${network}/forwards`)
      .catch(() => [] as string[]);
    for (const url of forwards) await lxd.call('DELETE', url).catch(() => undefined);
    await lxd.call('DELETE', `/1.0/networks/${network}`).catch(() => undefined);
  }
});

test('the sections of a custom volume configuration pass an axe scan', async ({ page, lxd }) => {
  const name = uniqueName('axevol');
  try {
    await lxd.run('POST', '/1.0/storage-pools/default/volumes/custom', { name, config: {} });
    const found: string[] = [];
    for (const section of ['security', 'snapshots', 'yaml']) {
      const path = `/ui/project/default/storage/pool/default/volumes/custom/${name}/configuration/${section}`;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      found.push(...(await scan(page, path)));
    }
    expect(found).toEqual([]);
  } finally {
    await lxd
      .call('DELETE', `/1.0/storage-pools/default/volumes/custom/${name}`)
      .catch(() => undefined);
  }
});

/**
 * LXD 5.0.2 has no access management: as in permissions-access.spec.ts, GET /1.0 gains the
 * extensions and /1.0/auth/* is answered in the browser by the in-memory server shaped as the
 * LXD 6 reference (src/lxd/testing/fake-auth.ts).
 */
async function standInAccess(page: Page, fake: FakeAuthServer) {
  await page.route(
    (url) => url.pathname === '/1.0',
    async (route) => {
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: { api_extensions: string[] } };
      body.metadata.api_extensions.push('access_management', 'access_management_tls');
      await route.fulfill({ response, json: body });
    },
  );
  await page.route(
    (url) => url.pathname.startsWith('/1.0/auth/'),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const answer: FakeAuthAnswer = fake.handle({
        method: request.method(),
        url: `${url.pathname}${url.search}`,
        body: request.postData() ? (request.postDataJSON() as unknown) : undefined,
        ifMatch: await request.headerValue('If-Match'),
      }) ?? { status: 404, error: 'not found' };
      await route.fulfill({
        status: answer.status,
        json:
          answer.status >= 400
            ? { type: 'error', error: answer.error ?? '', error_code: answer.status }
            : {
                type: 'sync',
                status: 'Success',
                status_code: 200,
                metadata: answer.metadata ?? {},
              },
        headers: answer.etag ? { ETag: answer.etag } : {},
      });
    },
  );
}

test('a permission group opened for editing passes an axe scan', async ({ page }) => {
  const fake = new FakeAuthServer({
    current: {
      id: '5b3c1e0d9a7f4e2b8c6d5a4f3e2d1c0b9a8f7e6d5c4b3a291807f6e5d4c3b2a1',
      name: 'console-admin',
      authentication_method: 'tls',
      type: 'Client certificate (unrestricted)',
      groups: [],
      fine_grained: false,
    },
    identities: [
      {
        id: 'alice@example.com',
        name: 'Alice',
        authentication_method: 'oidc',
        type: 'OIDC client',
        groups: ['viewers'],
      },
    ],
    groups: [
      {
        name: 'viewers',
        description: 'Read only',
        permissions: [{ entity_type: 'server', url: '/1.0', entitlement: 'viewer' }],
      },
    ],
    choices: [{ entity_type: 'server', url: '/1.0', entitlement: 'viewer' }],
  });
  await standInAccess(page, fake);
  await page.goto('/ui/permissions/group/viewers');
  await expect(page.getByRole('table', { name: 'Permissions' }).getByRole('row')).toHaveCount(2);
  expect(await scan(page, '/ui/permissions/group/viewers')).toEqual([]);
});

test('open dialogs pass an axe scan: instance actions, image upload, volume import', async ({
  page,
  lxd,
  track,
}) => {
  test.setTimeout(120_000);
  const name = await busybox(lxd, track, uniqueName('axedlg'));
  const found: string[] = [];
  const dialog = page.getByRole('dialog');
  const open = async (label: string, button: string) => {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(dialog).toBeVisible();
    found.push(...(await seriousViolations(page, label)));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  };

  await page.goto(`/ui/project/default/instance/${name}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const button of ['Copy', 'Migrate', 'Export backup', 'Create image', 'Delete']) {
    await open(`instance: ${button} dialog`, button);
  }

  await page.goto('/ui/project/default/images');
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
  await open('images: Upload image dialog', 'Upload image');

  await page.goto('/ui/project/default/storage/volumes');
  await expect(page.getByRole('heading', { level: 1, name: 'Volumes' })).toBeVisible();
  await open('volumes: Import backup dialog', 'Import backup');
  expect(found).toEqual([]);
});
