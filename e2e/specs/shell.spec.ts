import { expect, test, uniqueName } from '../fixtures';
import { createProject, deleteProject, setServerConfig } from '../support/lxd-api';

test.describe('redirects', () => {
  for (const from of ['/ui', '/ui/', '/ui/project', '/ui/project/default']) {
    test(`${from} goes to the default project's instances`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
      await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible();
    });
  }
});

test('screens follow the navigation after the list changed its own address (sort, back)', async ({
  page,
  lxd,
  track,
}) => {
  // The list has a table (and its sort buttons) only with an instance in it, whatever ran before.
  await lxd.createInstance(track(uniqueName('sortnav')));
  await page.goto('/ui/project/default/instances');
  const table = page.getByRole('table', { name: 'Instances' });
  await table.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profiles' })
    .click();
  await expect(page.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/instances\?sort=/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Images' })
    .click();
  await expect(page.getByRole('heading', { name: 'Images', level: 1 })).toBeVisible();
});

test('unknown paths show the 404 page with a bug report to copy', async ({ page }) => {
  await page.goto('/ui/no/such/page');
  await expect(
    page.getByText('Sorry, we cannot find the page that you are looking for'),
  ).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'report a bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a bug' });
  const report = dialog.getByRole('textbox', { name: 'Bug report' });
  await expect(report).toHaveValue(/^Console version: \d+\.\d+\.\d+$/m);
  await expect(report).toHaveValue(/^Server: lxd \d+\.\d+(\.\d+)?, \d+ API extensions$/m);
  await expect(report).toHaveValue(/^Page: \/ui\/no\/such\/page$/m);
  await expect(report).toHaveValue(/^Error: Page not found$/m);
  await expect(dialog.getByRole('button', { name: 'Copy bug report' })).toBeVisible();
  // This build names no bug tracker: nothing to follow, the text goes to whoever runs it.
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The frame stays: the navigation is still there.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test("a project that cannot be loaded shows 'Project not found'", async ({ page }) => {
  await page.goto(`/ui/project/${uniqueName('nope')}/instances`);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await expect(
    page.getByText('The project is missing or you do not have the viewer permission for it'),
  ).toBeVisible();
});

test('the all-projects view disables project-scoped links with a reason', async ({ page }) => {
  await page.goto('/ui/all-projects/instances');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [label, section] of [
    ['Profiles', 'profiles'],
    ['Networking', 'networking'],
    ['Storage', 'storage'],
    ['Images', 'images'],
    ['Configuration', 'configuration'],
  ] as const) {
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await expect(link).toHaveAttribute('title', `Select a project to explore ${section}`);
    await expect(link).not.toHaveAttribute('href');
  }
  await expect(nav.getByRole('link', { name: 'Instances', exact: true })).toHaveAttribute(
    'href',
    '/ui/all-projects/instances',
  );
});

test('the project selector lists projects with instance counts and keeps the section', async ({
  page,
  lxd,
}) => {
  const project = uniqueName('sel');
  await createProject(lxd, project, 'Selector test project');
  try {
    await page.goto('/ui/project/default/instances');
    await page.getByRole('button', { name: /^Project default/ }).click();
    const list = page.getByRole('navigation', { name: 'Projects' });
    await expect(list.getByRole('link', { name: 'All projects' })).toBeVisible();
    await list.getByRole('link', { name: new RegExp(`^${project}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/${project}/instances$`));
    await expect(page.getByRole('button', { name: `Project ${project}` })).toBeVisible();
  } finally {
    await deleteProject(lxd, project);
  }
});

test('the project selector shows a search box above 5 projects', async ({ page, lxd }) => {
  await page.goto('/ui/project/default/instances');
  await page.getByRole('button', { name: /^Project / }).click();
  // default and limited (plus at most a transient one from a parallel test): no search box.
  await expect(page.getByRole('searchbox', { name: 'Search projects' })).toHaveCount(0);

  const existing = (await lxd.get<string[]>('/1.0/projects')).length;
  const created: string[] = [];
  for (let i = existing; i < 6; i++) created.push(uniqueName('many'));
  try {
    for (const name of created) await createProject(lxd, name, describeProject(name));
    await page.reload();
    await page.getByRole('button', { name: /^Project / }).click();
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    await expect(search).toBeVisible();
    const target = created[0] ?? 'default';
    await search.fill(`about ${target}`);
    const list = page.getByRole('navigation', { name: 'Projects' });
    await expect(list.getByRole('link', { name: new RegExp(`^${target}`) })).toBeVisible();
    await expect(list.getByRole('link', { name: /^default/ })).toHaveCount(0);
  } finally {
    for (const name of created) await deleteProject(lxd, name);
  }
});

function describeProject(name: string) {
  return `about ${name}`;
}

test('the tab title follows user.ui_title', async ({ page, lxd }) => {
  const title = uniqueName('Lab');
  await setServerConfig(lxd, { 'user.ui_title': title });
  try {
    await page.goto('/ui/project/default/instances');
    await expect(page).toHaveTitle(`${title} | LXD UI`);
  } finally {
    await setServerConfig(lxd, { 'user.ui_title': '' });
  }
  await page.reload();
  await expect(page).toHaveTitle('127.0.0.1 | LXD UI');
});

test('the status bar shows the server and UI versions', async ({ page }) => {
  await page.goto('/ui/project/default/instances');
  const bar = page.getByRole('contentinfo', { name: 'Status bar' });
  await expect(bar).toContainText('Version 5.0.2');
  await expect(bar).toContainText('UI 0.18');
});

test('below 820 px the menu collapses behind a Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/ui/project/default/instances');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Instances', exact: true }).click();
  await expect(nav).toBeHidden();
});

test('a screen whose code cannot be loaded is retried, reloaded once, then explained', async ({
  page,
}) => {
  let attempts = 0;
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await page.route(/\/ui\/assets\/InstanceListPage-[^/]+\.js$/, async (route) => {
    attempts += 1;
    await route.abort('internetdisconnected');
  });
  await page.goto('/ui/project/default/instances');
  await expect(page.getByRole('heading', { name: 'Failed to load module' })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page.getByText('Check your network connection and refresh the page.')).toBeVisible();
  // The browser caches a failed module import per URL, so retries in the same page do not all
  // reach the network; the one automatic reload fetches it again, then the failure is explained.
  expect(attempts).toBeGreaterThanOrEqual(2);
  expect(documents).toBe(2);
});

test('a screen whose code failed to load once (a network hiccup) comes back after one reload', async ({
  page,
}) => {
  let failed = 0;
  await page.route(/\/ui\/assets\/InstanceListPage-[^/]+\.js$/, async (route) => {
    if (failed === 0) {
      failed += 1;
      await route.abort('internetdisconnected');
    } else {
      await route.continue();
    }
  });
  await page.goto('/ui/project/default/instances');
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  expect(failed).toBe(1);
});
