/**
 * Every screen of the console served by a real Incus 6.0 daemon: each opens with its heading, no
 * error screen and no failed load, names Incus and never LXD in what it shows, and passes an axe
 * scan (0 serious or critical). The screens of features Incus has and LXD 5.0.2 lacks (storage
 * buckets, custom ISOs, network allocations) run on the real daemon here.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueName, INCUS } from '../fixtures';
import { seriousViolations } from '../support/settings';
import { INCUS_NAME } from '../support/env';
import { lxdProfiles } from '../../scripts/lib/lxd';

const BRIDGE = lxdProfiles[INCUS_NAME].bridge;
/** The error screens' headings (src/app/shell/errors/ErrorScreens.tsx). */
const ERROR_SCREEN =
  /^(Page not found|Project not found|Something has gone wrong|Failed to load module)$/;

/** Opens a screen and checks it as a user would see it; returns axe's serious findings. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: ERROR_SCREEN })).toHaveCount(0);
  await expect(page.getByText(/^Could not load/)).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/\bLXD\b/);
  return seriousViolations(page, path);
}

/** Visits each screen as a step; every one is checked even when an earlier one has findings. */
async function visitAll(page: Page, screens: [string, string | RegExp][]) {
  const violations: string[] = [];
  for (const [path, heading] of screens) {
    await test.step(path, async () => {
      violations.push(...(await visit(page, path, heading)));
    });
  }
  expect(violations).toEqual([]);
}

const p = '/ui/project/default';

// Three tests, so that the two workers share them and each has its own time.
// A dozen screens, each scanned by axe: past 120 s twice at load average 13.
test.describe.configure({ timeout: 240_000 });

test(
  'the instance screens open on Incus, name Incus and pass an axe scan',
  INCUS,
  async ({ page, lxd, track }) => {
    const name = track(uniqueName('screens'));
    await lxd.createInstance(name, { start: true });
    await visitAll(page, [
      [`${p}/instances`, 'Instances'],
      [`${p}/instances/create`, 'Create an instance'],
      [`${p}/instance/${name}`, name],
      [`${p}/instance/${name}/configuration`, name],
      [`${p}/instance/${name}/snapshots`, name],
      [`${p}/instance/${name}/files`, name],
      [`${p}/instance/${name}/terminal`, name],
      [`${p}/instance/${name}/logs`, name],
    ]);
  },
);

test(
  'the profile, network and storage screens open on Incus and pass an axe scan',
  INCUS,
  async ({ page }) => {
    await visitAll(page, [
      [`${p}/profiles`, 'Profiles'],
      [`${p}/profile/default`, 'default'],
      [`${p}/networks`, 'Networks'],
      [`${p}/network/${BRIDGE}`, BRIDGE],
      [`${p}/network-acls`, 'Network ACLs'],
      [`${p}/network-ipam`, /IPAM/],
      [`${p}/storage/pools`, 'Storage pools'],
      [`${p}/storage/pool/default`, 'default'],
      [`${p}/storage/volumes`, 'Volumes'],
      [`${p}/storage/buckets`, 'Buckets'],
      [`${p}/storage/custom-isos`, 'Custom ISOs'],
    ]);
  },
);

test(
  'the project and server screens open on Incus and pass an axe scan',
  INCUS,
  async ({ page }) => {
    await visitAll(page, [
      [`${p}/images`, 'Images'],
      [`${p}/configuration`, /configuration/i],
      [`${p}/usage`, /usage/i],
      ['/ui/server', 'Server'],
      ['/ui/operations', 'Operations'],
      ['/ui/warnings', 'Warnings'],
      ['/ui/permissions/certificates', 'Certificates'],
      ['/ui/settings', 'Settings'],
    ]);
  },
);
