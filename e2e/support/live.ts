/** Helpers of the live-data specs: a page that must not reload, and instance list rows. */
import { expect, type Page } from '@playwright/test';

/** A value on `window` survives only as long as the page is not reloaded. */
export async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 42;
  });
}
export async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(
    42,
  );
}

export function instanceRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Instances' })
    .getByRole('row', { name: new RegExp(`^${name} `) });
}
