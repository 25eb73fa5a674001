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
const ERROR_SCREENS = [
  'Page not found',
  'Project not found',
  'Something has gone wrong',
  'Failed to load module',
];

/** Opens a screen and checks it as a user would see it; returns axe's serious findings. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  for (const title of ERROR_SCREENS) {
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  }
  await expect(page.getByText(/^Could not load/)).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/\bLXD\b/);
  return seriousViolations(page, path);
}

test(
  'every screen opens on Incus, names Incus and passes an axe scan',
  INCUS,
  async ({ page, lxd, track }) => {
    test.setTimeout(180_000);
    const name = track(uniqueName('screens'));
    await lxd.createInstance(name, { start: true });
    const p = '/ui/project/default';
    const screens: [string, string | RegExp][] = [
      [`${p}/instances`, 'Instances'],
      [`${p}/instances/create`, 'Create an instance'],
      [`${p}/instance/${name}`, name],
      [`${p}/instance/${name}/configuration`, name],
      [`${p}/instance/${name}/snapshots`, name],
      [`${p}/instance/${name}/files`, name],
      [`${p}/instance/${name}/terminal`, name],
      [`${p}/instance/${name}/logs`, name],
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
      [`${p}/images`, 'Images'],
      [`${p}/configuration`, /configuration/i],
      [`${p}/usage`, /usage/i],
      ['/ui/server', 'Server'],
      ['/ui/operations', 'Operations'],
      ['/ui/warnings', 'Warnings'],
      ['/ui/permissions/certificates', 'Certificates'],
      ['/ui/settings', 'Settings'],
    ];
    const violations: string[] = [];
    for (const [path, heading] of screens) {
      await test.step(path, async () => {
        violations.push(...(await visit(page, path, heading)));
      });
    }
    expect(violations).toEqual([]);
  },
);
