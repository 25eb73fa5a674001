/**
 * Issue 34's overview against the real LXD: a project with a memory limit and four instances
 * (limits from a profile, from their own config, a CPU set, one without a CPU limit; two running,
 * two stopped). The counts and the allocation on the page equal those computed here from
 * GET /1.0/instances?recursion=1 (expanded_config) and GET /1.0/resources; the figures lead to
 * the lists that explain them; a start through the API shows without reload; the overview as
 * landing page; axe.
 */
import { expect, test, uniqueName } from '../fixtures';
import { waitForStatus } from '../support/instances-list';
import { removeProject } from '../support/profiles-projects';
import { seriousViolations } from '../support/settings';

test.describe.configure({ timeout: 180_000 });

const UNITS: Record<string, number> = {
  '': 1,
  B: 1,
  kB: 1e3,
  MB: 1e6,
  GB: 1e9,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
};

/** The CPUs a limits.cpu gives (a count, or the ids of a set such as "0-1" or "1,3"). */
function cpus(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').reduce((sum, part) => {
    const [from, to = from] = part.split('-').map(Number);
    return sum + (to ?? 0) - (from ?? 0) + 1;
  }, 0);
}

function bytes(value: string): number {
  const match = /^(\d+)([A-Za-z]*)$/.exec(value);
  if (!match) throw new Error(`not a size: ${value}`);
  return Number(match[1]) * (UNITS[match[2] ?? ''] ?? NaN);
}

/** Spec §9's sizes: base 1024, one decimal, KiB to TiB; below 1000, bytes. */
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

test('the overview counts and allocates as the API says, links, updates live and can be the landing page', async ({
  page,
  lxd,
}) => {
  const project = uniqueName('ovw');
  const profile = uniqueName('ovwp');
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((letter) => uniqueName(`ov${letter}`));
  if (!a || !b || !c || !d) throw new Error('names');
  // The default project's images and profiles; a memory limit, which makes LXD ask every
  // instance for one (hence no instance here without a memory limit); no CPU limit.
  await lxd.call('POST', '/1.0/projects', {
    name: project,
    config: { 'features.images': 'false', 'features.profiles': 'false', 'limits.memory': '2GiB' },
  });
  try {
    // Profiles are the default project's (features.profiles=false).
    await lxd.run('POST', '/1.0/profiles', {
      name: profile,
      config: { 'limits.cpu': '2', 'limits.memory': '256MiB' },
    });
    const create = (name: string, config: Record<string, string>, profiles = ['default']) =>
      lxd.run('POST', `/1.0/instances?project=${project}`, {
        name,
        type: 'container',
        source: { type: 'image', alias: 'busybox' },
        profiles,
        config,
      });
    await create(a, {}, ['default', profile]);
    await create(b, { 'limits.cpu': '0-1', 'limits.memory': '128MiB' });
    await create(c, { 'limits.memory': '64MB' });
    await create(d, { 'limits.cpu': '1', 'limits.memory': '100MiB' });
    await lxd.setState(a, 'start', project);
    await lxd.setState(d, 'start', project);

    // What the page must say, from the API.
    const instances = await lxd.get<
      { name: string; status: string; expanded_config: Record<string, string> }[]
    >(`/1.0/instances?recursion=1&project=${project}`);
    const resources = await lxd.get<{ cpu: { total: number }; memory: { total: number } }>(
      '/1.0/resources',
    );
    let cpu = 0;
    let memory = 0;
    let withoutCpu = 0;
    for (const instance of instances) {
      const limit = instance.expanded_config['limits.cpu'];
      if (limit) cpu += cpus(limit);
      else withoutCpu += 1;
      memory += bytes(instance.expanded_config['limits.memory'] ?? '0');
    }
    const running = instances.filter((instance) => instance.status === 'Running').length;
    const stopped = instances.filter((instance) => instance.status === 'Stopped').length;
    expect([cpu, withoutCpu, running, stopped]).toEqual([5, 1, 2, 2]);

    await page.goto(`/ui/project/${project}/overview`);
    await expect(page.getByRole('heading', { name: `Overview ${project}` })).toBeVisible();
    const counts = page.getByRole('list', { name: 'Instances by status' });
    await expect(page.getByRole('link', { name: '4 instances', exact: true })).toBeVisible();
    await expect(counts.getByRole('link', { name: `${running} running` })).toBeVisible();
    await expect(counts.getByRole('link', { name: `${stopped} stopped` })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Instances by type' })
        .getByRole('link', { name: '4 containers' }),
    ).toBeVisible();

    const server = page.getByRole('table', { name: 'Allocation on the server' }).getByRole('row');
    const cpuText = `${cpu} CPUs of ${resources.cpu.total} CPU${resources.cpu.total === 1 ? '' : 's'} (${(cpu / resources.cpu.total).toFixed(2)}×`;
    const memoryText = `${size(memory)} of ${size(resources.memory.total)} (${(memory / resources.memory.total).toFixed(2)}×`;
    await expect(server.nth(1)).toContainText(cpuText);
    await expect(server.nth(1)).toContainText(memoryText);
    await expect(server.nth(1)).toContainText('1 instance without a CPU limit');
    await expect(server.nth(1)).toContainText('0 instances without a memory limit');
    const projectFigures = page.getByRole('definition');
    await expect(projectFigures.filter({ hasText: `of ${size(2 * 1024 ** 3)}` })).toContainText(
      `${size(memory)} of 2.0 GiB (${(memory / 2 ** 31).toFixed(2)}×)`,
    );
    await expect(projectFigures.filter({ hasText: `${cpu} CPUs` })).toContainText(
      'the project has no limit',
    );
    expect(await seriousViolations(page, 'overview')).toEqual([]);

    // A figure leads to the list that explains it.
    await counts.getByRole('link', { name: `${stopped} stopped` }).click();
    await expect(page).toHaveURL(/\/instances\?search=status%3Astopped$/);
    const table = page.getByRole('table', { name: 'Instances' });
    await expect(table.getByRole('row', { name: new RegExp(`^${b} `) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^${c} `) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^ov[ad]-`) })).toHaveCount(0);
    await page.goBack();
    await page.getByRole('link', { name: '1 instance without a CPU limit' }).first().click();
    await expect(page).toHaveURL(/\/instances\?search=limits.cpu%3D$/);
    await expect(table.getByRole('row', { name: new RegExp(`^${c} `) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^ov[abd]-`) })).toHaveCount(0);
    await page.goBack();

    // Live: a start through the API shows without reload.
    await expect(counts.getByRole('link', { name: `${running} running` })).toBeVisible();
    await lxd.setState(c, 'start', project);
    await waitForStatus(lxd, c, 'Running', project);
    await expect(counts.getByRole('link', { name: `${running + 1} running` })).toBeVisible({
      timeout: 10_000,
    });
    await expect(counts.getByRole('link', { name: `${stopped - 1} stopped` })).toBeVisible();

    // The overview as landing page: /ui/ opens it (the default project's).
    await page.getByRole('checkbox', { name: 'Open the console on this page' }).check();
    await page.goto('/ui/');
    await expect(page).toHaveURL(/\/ui\/project\/[^/]+\/overview$/);
    await expect(page.getByRole('heading', { name: /^Overview / })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Open the console on this page' }).uncheck();
    await page.goto('/ui/');
    await expect(page).toHaveURL(/\/ui\/project\/[^/]+\/instances$/);
  } finally {
    for (const name of [a, b, c, d]) await lxd.deleteInstance(name, project);
    await removeProject(lxd, project);
    await lxd.run('DELETE', `/1.0/profiles/${profile}`).catch(() => undefined);
  }
});
