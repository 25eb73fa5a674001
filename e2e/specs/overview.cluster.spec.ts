/**
 * Issue 34's overview on the real three-member cluster: instances with limits placed on given
 * members (`?target=`), in a project of their own; the allocation per member on the page equals
 * the sums computed here from the API, against each member's GET /1.0/resources?target=.
 */
import { CLUSTER, clusterApi, clusterName, type ClusterApi } from '../support/cluster';
import { expect, test } from '../fixtures';
import { seriousViolations } from '../support/settings';

test.describe.configure({ timeout: 180_000 });

let api: ClusterApi;
test.beforeAll(async () => {
  api = await clusterApi();
});
test.afterAll(async () => {
  await api.dispose();
});

const MiB = 1024 ** 2;

/** Spec §9's sizes: base 1024, one decimal; below 1000, bytes. */
function size(value: number): string {
  if (value < 1000) return `${Math.round(value)} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let amount = value;
  let unit = -1;
  do {
    amount /= 1024;
    unit += 1;
  } while (Math.round(amount * 10) / 10 >= 1000 && unit < units.length - 1);
  return `${amount.toFixed(1)} ${units[unit] ?? ''}`;
}

test('allocation per member against each member’s resources', async ({ page }) => {
  const project = clusterName('ovp');
  const placed = [
    {
      name: clusterName('ov1'),
      member: 'm1',
      config: { 'limits.cpu': '2', 'limits.memory': '256MiB' },
    },
    {
      name: clusterName('ov2'),
      member: 'm1',
      config: { 'limits.cpu': '0-1', 'limits.memory': '25%' },
    },
    {
      name: clusterName('ov3'),
      member: 'm2',
      config: { 'limits.cpu': '1', 'limits.memory': '128MiB' },
    },
    { name: clusterName('ov4'), member: 'm3', config: {} },
  ];
  await api.post('/1.0/projects', {
    name: project,
    config: { 'features.images': 'false', 'features.profiles': 'false' },
  });
  try {
    for (const { name, member, config } of placed) {
      await api.post(`/1.0/instances?project=${project}&target=${member}`, {
        name,
        type: 'container',
        source: { type: 'image', alias: CLUSTER.image },
        config,
      });
    }

    await page.goto(`/ui/project/${project}/overview`);
    const table = page.getByRole('table', { name: 'Allocation by member' });
    for (const member of CLUSTER.members) {
      const resources = await api.get<{ cpu: { total: number }; memory: { total: number } }>(
        `/1.0/resources?target=${member}`,
      );
      const here = placed.filter((instance) => instance.member === member);
      let cpu = 0;
      let memory = 0;
      for (const { config } of here) {
        const limit: string | undefined = (config as Record<string, string>)['limits.cpu'];
        if (limit) cpu += limit.includes('-') ? 2 : Number(limit);
        const mem: string | undefined = (config as Record<string, string>)['limits.memory'];
        if (mem?.endsWith('%'))
          memory += Math.round((Number(mem.slice(0, -1)) / 100) * resources.memory.total);
        else if (mem) memory += Number(mem.replace('MiB', '')) * MiB;
      }
      const row = table.getByRole('row', { name: new RegExp(`^${member} `) });
      const cpus = resources.cpu.total;
      await expect(row).toContainText(
        `${cpu} CPU${cpu === 1 ? '' : 's'} of ${cpus} CPU${cpus === 1 ? '' : 's'} (${(cpu / cpus).toFixed(2)}×`,
      );
      await expect(row).toContainText(
        `${size(memory)} of ${size(resources.memory.total)} (${(memory / resources.memory.total).toFixed(2)}×`,
      );
      const withoutCpu = here.filter((instance) => !('limits.cpu' in instance.config)).length;
      await expect(row).toContainText(
        `${withoutCpu} instance${withoutCpu === 1 ? '' : 's'} without a CPU limit`,
      );
    }
    // The health of each member.
    const health = page.getByRole('table', { name: 'Cluster members' });
    for (const member of CLUSTER.members) {
      await expect(health.getByRole('row', { name: new RegExp(`^${member} `) })).toContainText(
        'Online',
      );
    }
    expect(await seriousViolations(page, 'overview on a cluster')).toEqual([]);

    // A member leads to the list of the project's instances on it.
    await table.getByRole('link', { name: 'm1', exact: true }).click();
    await expect(page).toHaveURL(/\/instances\?search=location%3Am1$/);
    const list = page.getByRole('table', { name: 'Instances' });
    for (const { name, member } of placed) {
      await expect(list.getByRole('row', { name: new RegExp(`^${name} `) })).toHaveCount(
        member === 'm1' ? 1 : 0,
      );
    }
  } finally {
    for (const { name } of placed) {
      await api.api
        .run('DELETE', `/1.0/instances/${name}?project=${project}`)
        .catch(() => undefined);
    }
    await api.del(`/1.0/projects/${project}`).catch(() => undefined);
  }
});
