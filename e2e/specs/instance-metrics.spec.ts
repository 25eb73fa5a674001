import { expect, test, uniqueName } from '../fixtures';
import { busybox } from '../support/instance-ui';

test('a running container shows CPU, memory, disk and network charts from /1.0/metrics', async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('metrics'), { start: true });
  const metrics = page.waitForResponse(
    (response) => response.url().includes('/1.0/metrics?project=default') && response.ok(),
  );
  await page.goto(`/ui/project/default/instance/${name}`);
  await metrics;
  const usage = page.getByRole('region', { name: 'Usage over time' });
  const cpu = usage.getByRole('figure', { name: `CPU usage of ${name}` });
  // LXD answers /1.0/metrics from a collection it caches (15 s on 5.0): one made by another
  // test just before this container started lacks it. The page asks again every 3 s meanwhile.
  await expect(cpu).toContainText(/\d+\.\d\d s in total/, { timeout: 20_000 });
  await expect(usage.getByRole('figure', { name: `Memory usage of ${name}` })).toContainText(
    /Memory \d+(\.\d)? (B|KiB|MiB|GiB)/,
  );
  await expect(usage.getByRole('figure', { name: `Disk usage of ${name}` })).toContainText(
    /Disk \d+(\.\d)? (B|KiB|MiB|GiB|TiB)/,
  );
  await expect(usage.getByRole('figure', { name: `Network usage of ${name}` })).toContainText(
    / in, .* out/,
  );
  await expect(usage).not.toContainText('instance state counters');
  // uPlot has drawn a chart in each figure.
  await expect(cpu.locator('canvas')).toHaveCount(1);
  // The next sample (15 s later) gives a CPU percentage and network rates.
  await expect(cpu).toContainText(/CPU \d+(\.\d)? %/, { timeout: 25_000 });
  await expect(usage).toContainText('Last 2 samples, every 15 s.');

  await page.goto('/ui/project/default/usage');
  const instance = page.getByRole('region', { name: `Usage of ${name}` });
  await expect(instance.getByRole('figure', { name: `Memory usage of ${name}` })).toContainText(
    /Memory \d/,
  );
});

test('without /1.0/metrics the overview charts the instance state counters', async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('metstate'), { start: true });
  // Stands in for a server or identity that may not read metrics: LXD's own 403 answer.
  await page.route('**/1.0/metrics**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'error', error: 'not authorized', error_code: 403 }),
    }),
  );
  await page.goto(`/ui/project/default/instance/${name}`);
  const usage = page.getByRole('region', { name: 'Usage over time' });
  await expect(usage).toContainText('From the instance state counters');
  await expect(usage.getByRole('figure', { name: `CPU usage of ${name}` })).toContainText(
    /s in total/,
  );
  await expect(usage.getByRole('figure', { name: `Memory usage of ${name}` })).toContainText(
    /Memory \d/,
  );
});
