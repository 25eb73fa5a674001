/**
 * Cluster members on the real three-member cluster: the list with roles, memory and instance
 * counts, the member page's tabs by URL, and a member's description and failure domain edited
 * through the Configuration tab (checked in LXD, put back afterwards). No evacuation here: other
 * cluster specs run at the same time.
 */
import { CLUSTER, clusterApi, type ClusterApi } from '../support/cluster';
import { expect, test } from '../fixtures';
import { seriousViolations } from '../support/settings';

test.describe.configure({ timeout: 150_000 });

interface Member {
  server_name: string;
  description: string;
  failure_domain: string;
  groups: string[];
  roles: string[];
  config: Record<string, string>;
}

/** The member whose description and failure domain are edited (the groups spec uses m1). */
const EDITED = 'm3';
let api: ClusterApi;
let original: Member | undefined;

test.beforeAll(async () => {
  api = await clusterApi();
  original = await api.get<Member>(`/1.0/cluster/members/${EDITED}`);
});

test.afterAll(async () => {
  if (original) {
    // Put back what was there; the current groups stay as they are now.
    const now = await api.get<Member>(`/1.0/cluster/members/${EDITED}`);
    await api.put(`/1.0/cluster/members/${EDITED}`, {
      config: now.config,
      description: original.description,
      failure_domain: original.failure_domain,
      groups: now.groups,
      roles: now.roles,
    });
  }
  await api.dispose();
});

test('lists the members with their roles, status, memory and instance counts', async ({ page }) => {
  await page.goto('/ui/cluster/members');
  const table = page.getByRole('table', { name: 'Cluster members' });
  for (const name of CLUSTER.members) {
    await expect(table.getByRole('row', { name })).toContainText('Online');
    await expect(table.getByRole('row', { name })).toContainText('database');
  }
  await expect(table.getByRole('row', { name: 'm1' })).toContainText('database-leader');
  await expect(table.getByRole('row', { name: 'm2' })).not.toContainText('database-leader');
  await expect(table.getByRole('row', { name: 'm2' })).toContainText(CLUSTER.group);
  // Memory from each member's resources, the count from one all-projects instance list.
  for (const name of CLUSTER.members) {
    await expect(table.getByRole('row', { name })).toContainText(/GiB\s*of .*GiB/);
    await expect(
      table
        .getByRole('row', { name })
        .getByRole('link', { name: new RegExp(`instances on ${name}$`) }),
    ).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Search cluster members' }).fill('m2');
  await expect(page).toHaveURL(/search=m2/);
  await expect(table.getByRole('row', { name: 'm1' })).toHaveCount(0);
  await expect(table.getByRole('row', { name: 'm2' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search cluster members' }).fill('');
  expect(await seriousViolations(page, 'cluster members')).toEqual([]);
});

test('the member page opens each tab from its URL', async ({ page }) => {
  const stateRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/state')) stateRequests.push(request.url());
  });
  await page.goto('/ui/cluster/member/m1');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview).toContainText('database-leader');
  await expect(overview).toContainText(CLUSTER.urls.m1 ?? '');
  // LXD 5.0 has no GET /1.0/cluster/members/{name}/state (cluster_member_state, 5.11): the
  // overview says so and does not ask.
  await expect(overview).toContainText(
    'This LXD server does not report the state of its members (load, memory, storage pools): that needs LXD 5.11 or later (API extension cluster_member_state).',
  );
  expect(stateRequests).toEqual([]);
  expect(await seriousViolations(page, 'member overview')).toEqual([]);

  await page.goto('/ui/cluster/member/m1/configuration');
  await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Failure domain' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Groups' })).toBeVisible();
  expect(await seriousViolations(page, 'member configuration')).toEqual([]);

  await page.goto('/ui/cluster/member/m1/hardware');
  await expect(page.getByRole('region', { name: 'CPU' })).toBeVisible();
  expect(await seriousViolations(page, 'member hardware')).toEqual([]);

  await page.goto('/ui/cluster/member/m1/instances');
  await expect(page.getByRole('tab', { name: 'Instances' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel', { name: 'Instances' })).toContainText(
    /instances? on m1|No instances run on m1/,
  );
  expect(await seriousViolations(page, 'member instances')).toEqual([]);

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/ui\/cluster\/member\/m1$/);
});

test("a member's description and failure domain are edited", async ({ page }) => {
  const description = `edited by e2e ${String(Date.now())}`;
  await page.goto(`/ui/cluster/member/${EDITED}/configuration`);
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await page.getByRole('textbox', { name: 'Failure domain' }).fill('rack-e2e');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Member ${EDITED} updated`).first()).toBeVisible();
  const member = await api.get<Member>(`/1.0/cluster/members/${EDITED}`);
  expect(member).toMatchObject({ description, failure_domain: 'rack-e2e' });
  // The database role and the groups were sent back as they were.
  expect(member.roles).toEqual(original?.roles);
  expect(member.groups).toContain('default');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toContainText('rack-e2e');
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toContainText(description);
});
