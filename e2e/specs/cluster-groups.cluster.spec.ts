/**
 * Cluster groups on the real three-member cluster: a group created in the UI with a member, its
 * description and members edited, renamed and deleted; every step checked in LXD. The `default`
 * group says why it cannot be renamed or deleted.
 */
import { clusterApi, type ClusterApi } from '../support/cluster';
import { expect, test } from '../fixtures';
import { seriousViolations } from '../support/settings';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

interface Group {
  name: string;
  description: string;
  members: string[];
}

let api: ClusterApi;
const suffix = Math.random().toString(36).slice(2, 7);
const first = `e2e-g-${suffix}`;
const renamed = `e2e-h-${suffix}`;

test.beforeAll(async () => {
  api = await clusterApi();
});

test.afterAll(async () => {
  for (const name of [first, renamed]) {
    await api
      .put(`/1.0/cluster/groups/${name}`, { description: '', members: [] })
      .catch(() => undefined);
    await api.del(`/1.0/cluster/groups/${name}`).catch(() => undefined);
  }
  await api.dispose();
});

test('a group is created with a member, edited, renamed and deleted', async ({ page }) => {
  await page.goto('/ui/cluster/groups');
  const table = page.getByRole('table', { name: 'Cluster groups' });
  const defaultRow = table.getByRole('row', { name: 'default' });
  await expect(defaultRow.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(defaultRow.getByRole('button', { name: 'Rename' })).toHaveAccessibleDescription(
    'The default group holds every new member: it cannot be renamed or deleted',
  );
  await expect(defaultRow.getByRole('button', { name: 'Delete' })).toBeDisabled();
  expect(await seriousViolations(page, 'cluster groups')).toEqual([]);

  await page.getByRole('button', { name: 'Create group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create cluster group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('bad name');
  await expect(dialog.getByText('Group names may not contain spaces')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(first);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('made by e2e');
  await dialog.getByRole('checkbox', { name: 'm1' }).check({ force: true });
  expect(await seriousViolations(page, 'create cluster group')).toEqual([]);
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toBeHidden();
  expect(await api.get<Group>(`/1.0/cluster/groups/${first}`)).toMatchObject({
    description: 'made by e2e',
    members: ['m1'],
  });
  expect((await api.get<{ groups: string[] }>('/1.0/cluster/members/m1')).groups).toContain(first);
  const row = table.getByRole('row', { name: first });
  await expect(row).toContainText('made by e2e');
  await expect(row.getByRole('link', { name: 'm1' })).toBeVisible();
  // Not empty: it cannot be deleted yet.
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();

  await row.getByRole('button', { name: `Edit ${first}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit group ${first}` });
  await edit.getByRole('textbox', { name: 'Description' }).fill('edited by e2e');
  await edit.getByRole('checkbox', { name: 'm1' }).uncheck({ force: true });
  await edit.getByRole('checkbox', { name: 'm2' }).check({ force: true });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  expect(await api.get<Group>(`/1.0/cluster/groups/${first}`)).toMatchObject({
    description: 'edited by e2e',
    members: ['m2'],
  });

  await row.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: `Rename group ${first}` });
  await rename.getByRole('textbox', { name: 'New name' }).fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(table.getByRole('row', { name: renamed })).toContainText('m2');
  expect((await api.get<Group>(`/1.0/cluster/groups/${renamed}`)).members).toEqual(['m2']);

  const renamedRow = table.getByRole('row', { name: renamed });
  await renamedRow.getByRole('button', { name: `Edit ${renamed}` }).click();
  const empty = page.getByRole('dialog', { name: `Edit group ${renamed}` });
  await empty.getByRole('checkbox', { name: 'm2' }).uncheck({ force: true });
  await empty.getByRole('button', { name: 'Save changes' }).click();
  await expect(empty).toBeHidden();
  await renamedRow.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete group ${renamed}` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('row', { name: renamed })).toHaveCount(0);
  const names = await api.get<string[]>('/1.0/cluster/groups');
  expect(names.some((url) => url.endsWith(`/${renamed}`))).toBe(false);
});
