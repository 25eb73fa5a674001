/**
 * Tags and views (issue #34) on the real LXD: a bulk tag stored in `user.tags` of exactly the
 * selected instances (their other keys intact), the list grouped by tag with a collapsible
 * "web (2)" group, tags as chips on the instance page, and a named view saved, chosen after a
 * reload and opened from its link in a fresh browser context.
 */
import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';

const listUrl = (search: string) =>
  `/ui/project/default/instances?search=${encodeURIComponent(search)}`;

async function tagsOf(
  lxd: { instance: (name: string) => Promise<{ config: Record<string, string> }> },
  name: string,
) {
  return (await lxd.instance(name)).config['user.tags'];
}

test('bulk tag from the list, grouped by tag, collapsible', async ({ page, lxd, track }) => {
  // Three instances and two axe scans on two shared cores.
  test.setTimeout(120_000);
  const prefix = uniqueName('tv');
  const [a, b, c] = [track(`${prefix}-a`), track(`${prefix}-b`), track(`${prefix}-c`)];
  for (const name of [a, b, c]) await lxd.createInstance(name);
  await lxd.call('PATCH', `/1.0/instances/${a}?project=default`, {
    config: { 'user.team': 'blue', 'limits.cpu': '1' },
  });

  await page.goto(listUrl(prefix));
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(3);
  await page.getByRole('checkbox', { name: `Select ${a}` }).check();
  await page.getByRole('checkbox', { name: `Select ${b}` }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Tag', exact: true })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Tag 2 instances' });
  await dialog.getByRole('button', { name: 'Apply tags' }).click();
  await expect(dialog.getByText('Add a tag to add or to remove.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Add tag' }).fill('web,db');
  await dialog.getByRole('textbox', { name: 'Add tag' }).press('Enter');
  await expect(
    dialog.getByText('A tag cannot contain a comma: add one tag at a time.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Add tag' }).fill('web');
  await dialog.getByRole('textbox', { name: 'Add tag' }).press('Enter');
  await expect(
    dialog
      .getByRole('list', { name: 'Tags to add' })
      .getByRole('button', { name: 'Do not add web' }),
  ).toBeVisible();
  expect(await seriousViolations(page, 'bulk tag dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply tags' }).click();
  await expect(page.getByText('2 instances tagged')).toBeVisible();

  expect(await tagsOf(lxd, a)).toBe('web');
  expect(await tagsOf(lxd, b)).toBe('web');
  expect(await tagsOf(lxd, c)).toBeUndefined();
  const config = (await lxd.instance(a)).config;
  expect(config['user.team']).toBe('blue');
  expect(config['limits.cpu']).toBe('1');

  await page.getByRole('combobox', { name: 'Group by' }).selectOption('tag');
  await expect(page).toHaveURL(/[?&]group=tag/);
  const collapseWeb = table.getByRole('button', { name: 'Collapse web' });
  await expect(collapseWeb).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByRole('row', { name: /Collapse web\s*\(2\)/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Collapse No tag\s*\(1\)/ })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${a} `) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${b} `) })).toBeVisible();
  expect(await seriousViolations(page, 'instance list grouped by tag')).toEqual([]);

  await collapseWeb.click();
  await expect(table.getByRole('button', { name: 'Expand web' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(table.getByRole('row', { name: new RegExp(`^${a} `) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(`^${b} `) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(`^${c} `) })).toBeVisible();
  await table.getByRole('button', { name: 'Expand web' }).click();
  await expect(table.getByRole('row', { name: new RegExp(`^${a} `) })).toBeVisible();

  // The tag: filter.
  await page.goto(listUrl(`${prefix} tag:web`));
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(2);
});

test('tags as chips on the instance page are stored in LXD', async ({ page, lxd, track }) => {
  const name = track(uniqueName('tvchip'));
  await lxd.createInstance(name);
  await lxd.call('PATCH', `/1.0/instances/${name}?project=default`, {
    config: { 'user.team': 'red' },
  });

  await page.goto(`/ui/project/default/instance/${name}`);
  const field = page.getByRole('textbox', { name: 'Add tag' });
  await field.fill('bad tag');
  await field.press('Enter');
  await expect(page.getByText('A tag cannot contain spaces.')).toBeVisible();
  await field.fill('db');
  await field.press('Enter');
  const chips = page.getByRole('list', { name: `Tags of ${name}` });
  await expect(chips.getByRole('button', { name: 'Remove tag db' })).toBeVisible();
  await expect.poll(() => tagsOf(lxd, name)).toBe('db');
  await field.fill('prod');
  await field.press('Enter');
  await expect(chips.getByRole('button', { name: 'Remove tag prod' })).toBeVisible();
  await expect.poll(() => tagsOf(lxd, name)).toBe('db,prod');
  expect(await seriousViolations(page, 'instance overview with tags')).toEqual([]);

  await chips.getByRole('button', { name: 'Remove tag db' }).click();
  await expect(chips.getByRole('button', { name: 'Remove tag db' })).toHaveCount(0);
  await expect.poll(() => tagsOf(lxd, name)).toBe('prod');
  expect((await lxd.instance(name)).config['user.team']).toBe('red');
});

test('a named view is saved, chosen after a reload and shared as a link', async ({
  page,
  lxd,
  track,
  browser,
}, testInfo) => {
  const prefix = uniqueName('tvview');
  const [a, b] = [track(`${prefix}-a`), track(`${prefix}-b`)];
  await lxd.createInstance(a);
  await lxd.createInstance(b);
  await lxd.call('PATCH', `/1.0/instances/${a}?project=default`, {
    config: { 'user.tags': 'web' },
  });
  const viewName = `view ${prefix}`;

  await page.goto(listUrl(prefix));
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Group by' }).selectOption('tag');
  await table.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=-name/);
  await page.getByRole('button', { name: 'Columns' }).click();
  // Vanilla draws the checkbox on its label.
  await page.getByRole('checkbox', { name: 'Memory' }).uncheck({ force: true });
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Memory' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Save view as…' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByRole('button', { name: 'Save view' }).click();
  await expect(save.getByText('Enter a name for the view.')).toBeVisible();
  expect(await seriousViolations(page, 'save view dialog')).toEqual([]);
  await save.getByRole('textbox', { name: 'View name' }).fill(viewName);
  await save.getByRole('button', { name: 'Save view' }).click();
  await expect(save).toHaveCount(0);

  // Back to the plain list (the Memory column shown again), then the view.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Memory' }).check({ force: true });
  await page.keyboard.press('Escape');
  await page.goto('/ui/project/default/instances');
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Memory' })).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  expect(await seriousViolations(page, 'views menu')).toEqual([]);
  await page
    .getByRole('list', { name: 'Saved views' })
    .getByRole('button', { name: viewName, exact: true })
    .click();

  const expectView = async (target: typeof page) => {
    const list = target.getByRole('table', { name: 'Instances' });
    await expect(
      target.getByRole('searchbox', { name: 'Search and filter instances' }),
    ).toHaveValue(prefix);
    await expect(target.getByRole('combobox', { name: 'Group by' })).toHaveValue('tag');
    await expect(list.getByRole('row', { name: /Collapse web\s*\(1\)/ })).toBeVisible();
    await expect(list.getByRole('row', { name: /Collapse No tag\s*\(1\)/ })).toBeVisible();
    await expect(list.getByRole('columnheader', { name: 'Memory' })).toHaveCount(0);
    await expect(list.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  };
  await expectView(page);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Copy link to this view' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this view' }).inputValue();
  expect(link).toContain('columns=');

  // A fresh context: no localStorage, so only the link carries the view.
  const { baseURL, viewport } = testInfo.project.use;
  const fresh = await browser.newContext({ baseURL, viewport });
  try {
    const other = await fresh.newPage();
    await other.goto(link);
    await expectView(other);
  } finally {
    await fresh.close();
  }

  // Deleting the view.
  await page.getByRole('button', { name: `Delete view ${viewName}` }).click();
  await expect(page.getByRole('button', { name: `Delete view ${viewName}` })).toHaveCount(0);
});

/**
 * A columns choice kept in the first stored form (an array of the hidden columns, before the
 * Tags column existed): Tags, hidden by default, stays hidden; the columns it hid stay hidden;
 * a change writes the new form.
 */
test('a columns choice stored in the old form keeps the Tags column hidden', async ({
  page,
  lxd,
  track,
}) => {
  const prefix = uniqueName('tvcols');
  const name = track(`${prefix}-a`);
  await lxd.createInstance(name);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('old-columns-set')) {
      localStorage.setItem('lxd-console.instances.hidden-columns', JSON.stringify(['memory']));
      sessionStorage.setItem('old-columns-set', '1');
    }
  });
  await page.goto(listUrl(prefix));
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${name} `) })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Memory' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Tags' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Tags' }).check({ force: true });
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
  const stored = await page.evaluate(() =>
    localStorage.getItem('lxd-console.instances.hidden-columns'),
  );
  const written = JSON.parse(stored ?? 'null') as { hidden: string[]; shown: string[] };
  expect(written.hidden).toContain('memory');
  expect(written.hidden).not.toContain('tags');
  expect(written.shown).toContain('tags');
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Memory' })).toHaveCount(0);
});
