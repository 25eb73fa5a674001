/** Helpers on the measured page: the list's search box, waiting for a probe expression, the probe's state. */
import type { Page } from '@playwright/test';
import { probeExpr, type ProbeState } from './probe';

export const SEARCH_NAME = 'Search and filter instances';

/**
 * Waits until the page expression `expr` is true, asking every `interval` ms (rejects after
 * `timeout` ms). Not page.waitForFunction: with a string it compiles the expression in the page,
 * which the console's Content-Security-Policy (no 'unsafe-eval') refuses. The times measured
 * come from the probe's own frames, so how often this asks does not change them.
 */
export async function waitForExpr(
  page: Page,
  expr: string,
  { timeout, interval = 50 }: { timeout: number; interval?: number },
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate<boolean>(expr)) return;
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeout} ms waiting for ${expr}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

export async function probeState(page: Page): Promise<ProbeState> {
  return page.evaluate<ProbeState>(probeExpr.state);
}
