import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { createSharingProject } from '../support/instances-list';
import { deleteProject } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';

/** Holds the console's entry file back until `release` is called (the console does not start). */
async function holdEntryFile(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/ui\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * index.html paints an instance list's first rows as soon as it has the names, before the
 * console's code has run (src/shared/ui/earlyList.ts); through the console server the names
 * come in the page itself (server/early-data.ts). Here the console's entry file
 * is held back, so the picture stays until the test lets the console start.
 */
test('the first rows show from index.html before the console has started, then the console’s list takes their place', async ({
  page,
  lxd,
}) => {
  const project = uniqueName('early');
  // Named so that a plain text sort would put c10 before c9.
  const names = ['c10', 'c9', 'b1'];
  await createSharingProject(lxd, project);
  try {
    for (const name of names) await lxd.createInstance(name, { project });

    const release = await holdEntryFile(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      asked.push(url.pathname + url.search);
    });
    await page.goto(`/ui/project/${project}/instances`, { waitUntil: 'commit' });

    const early = page.locator('#early-list');
    await expect(early).toBeVisible();
    await expect(early.locator('tbody tr')).toHaveText([/^b1/, /^c9/, /^c10/]);
    await expect(early).toContainText('3 instances');
    await expect(early).toHaveAttribute('aria-hidden', 'true');
    // It is a picture for the eyes only: assistive technology finds no table yet, nothing in it
    // takes focus, and the page passes an axe scan while it shows.
    await expect(page.getByRole('table', { name: 'Instances' })).toHaveCount(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#early-list') ?? null)).toBe(
      null,
    );
    expect(await seriousViolations(page, 'early list')).toEqual([]);
    // The console server put the names into the page: the browser did not ask LXD for them.
    expect(asked).not.toContain(`/1.0/instances?project=${project}&recursion=0`);
    expect(asked).toContain('/1.0');

    release();
    const table = page.getByRole('table', { name: 'Instances' });
    await expect(table.getByRole('row', { name: 'b1 stopped' })).toBeVisible();
    await expect(early).toHaveCount(0);
    await expect(table.getByRole('row', { name: /^(b1|c9|c10) / })).toHaveCount(3);
    await table.getByRole('link', { name: 'c9' }).click();
    await expect(page.getByRole('heading', { name: 'c9', level: 1 })).toBeVisible();
  } finally {
    for (const name of names) await lxd.deleteInstance(name, project);
    await deleteProject(lxd, project);
  }
});

/**
 * The overview's first figure likewise: index.html paints the overview's header and its
 * instance count from the names (the browser asks for them: the console server embeds only a
 * list's), and the console's own overview takes the picture's place.
 */
test('the overview’s instance count shows from index.html before the console has started', async ({
  page,
  lxd,
}) => {
  const project = uniqueName('earlyo');
  const names = ['o1', 'o2'];
  await createSharingProject(lxd, project);
  try {
    for (const name of names) await lxd.createInstance(name, { project });

    const release = await holdEntryFile(page);
    await page.goto(`/ui/project/${project}/overview`, { waitUntil: 'commit' });

    const early = page.locator('#early-list');
    await expect(early).toBeVisible();
    await expect(early.locator('[data-early-figure="instances"]')).toHaveText(
      'Instances2 instances',
    );
    await expect(early).toContainText(`Overview ${project}`);
    await expect(early).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('link', { name: '2 instances' })).toHaveCount(0);
    expect(await seriousViolations(page, 'early overview')).toEqual([]);

    release();
    await expect(page.getByRole('link', { name: '2 instances', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Overview ${project}` })).toBeVisible();
    await expect(early).toHaveCount(0);
  } finally {
    for (const name of names) await lxd.deleteInstance(name, project);
    await deleteProject(lxd, project);
  }
});
