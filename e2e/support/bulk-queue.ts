/** The bulk queue's panel (status bar, "Bulk actions 12/30"), as the specs open it. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the panel unless it is open already. */
export async function openBulkPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('dialog', { name: 'Bulk actions' });
  if (!(await panel.isVisible())) {
    await page.getByRole('button', { name: /^Bulk actions \d+\/\d+$/ }).click();
  }
  await expect(panel).toBeVisible();
  return panel;
}

/** A job of the open panel, by its title ("Stop 30 instances"). */
export const bulkJob = (panel: Locator, title: string) =>
  panel.getByRole('listitem', { name: title });
