/**
 * Developer tool: screenshots of console pages for looking at them.
 * `npx tsx e2e/tools/screenshot.ts <base-url> <out-dir> <width> <path> [<path> …]`
 * A path may end in `#<heading>`: the page is scrolled to that heading first (the console's
 * content scrolls inside its shell, so a full-page screenshot would not show more).
 */
import { chromium } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/env';

const [base = 'http://127.0.0.1:8407', out = '/tmp/shots', width = '1400', ...pages] =
  process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: Number(width), height: 850 } });
for (const target of pages.length ? pages : ['/ui/']) {
  const [address = '/ui/', heading] = target.split('#');
  await page.goto(base + address);
  await page.waitForLoadState('networkidle');
  if (heading) await page.getByRole('heading', { name: heading }).first().scrollIntoViewIfNeeded();
  const file = path.join(out, `${target.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`);
  await page.screenshot({ path: file });
  process.stdout.write(`${file}\n`);
}
await browser.close();
