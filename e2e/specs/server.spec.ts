import { execFileSync } from 'node:child_process';
import type { Locator } from '@playwright/test';
import { formatBytes } from '../../src/shared/format/bytes';
import { expect, test } from '../fixtures';
import { seriousViolations } from '../support/settings';

interface Resources {
  cpu: { total: number };
  memory: { total: number; used: number };
}

const fact = (section: Locator, term: string) =>
  section.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test('the server page shows the real CPU count and memory of this machine', async ({
  page,
  lxd,
}) => {
  const cpus = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  const resources = await lxd.get<Resources>('/1.0/resources');
  expect(resources.cpu.total).toBe(cpus);

  await page.goto('/ui/server');
  const cpu = page.getByRole('region', { name: 'CPU' });
  await expect(fact(cpu, 'Logical CPUs')).toHaveText(String(cpus));
  const memory = page.getByRole('region', { name: 'Memory' });
  await expect(fact(memory, 'Total')).toHaveText(formatBytes(resources.memory.total));
  await expect(fact(memory, 'Used')).toContainText(/\d/);
});

test('the server page names the server, its drivers and what it cannot run', async ({
  page,
  lxd,
}) => {
  const server = await lxd.get<{
    api_extensions: string[];
    environment: { driver: string; server_name: string; server_version: string };
  }>('/1.0');
  await page.goto('/ui/server');
  const summary = page.getByRole('region', { name: 'Server' });
  await expect(fact(summary, 'Name')).toHaveText(server.environment.server_name);
  await expect(fact(summary, 'API extensions')).toHaveText(String(server.api_extensions.length));
  await expect(fact(summary, 'Version')).toContainText(server.environment.server_version);
  await expect(summary.getByRole('list', { name: 'Storage drivers' })).toContainText('Directory');
  if (!server.environment.driver.includes('qemu')) {
    await expect(summary).toContainText('Virtual machines are not available on this server.');
  }
  await expect(page.getByRole('region', { name: /Storage disks/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /PCI devices/ })).toBeVisible();
});

test('the server and clustering screens pass an axe scan', async ({ page }) => {
  for (const path of ['/ui/server', '/ui/server/clustering']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Server' })).toBeVisible();
    await expect(page.locator('main .loader')).toHaveCount(0);
    expect(await seriousViolations(page, path)).toEqual([]);
  }
});
