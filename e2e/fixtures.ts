/**
 * Test fixtures: `lxd` (the admin API client for setup and checks), `uniqueName` and `track`
 * (instances created by a test are deleted after it, whatever the outcome), and the option
 * `server`: "lxd" for every project but `incus`, whose tests (the core specs tagged @incus, and
 * e2e/specs/*.incus.spec.ts) run against the real Incus daemon, where `lxd` is its API client.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { LxdApi } from './support/lxd-api';
import { fetchForRoute } from './support/answers';
import { INCUS_URL, incusCerts } from './support/env';

let counter = 0;

/** A name unique across runs and workers: letter first, only letters, digits and hyphens. */
export function uniqueName(prefix: string): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-5);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}-${stamp}${random}${counter}`.slice(0, 63);
}

/** The server a project's tests run against. */
export type ServerUnderTest = 'lxd' | 'incus';

/** Tag of the tests the `incus` project runs again on Incus. */
export const INCUS = { tag: '@incus' };

interface Options {
  server: ServerUnderTest;
}

interface Fixtures {
  lxd: LxdApi;
  /** Register an instance for deletion after the test. */
  track: (name: string, project?: string) => string;
}

export const test = base.extend<Fixtures & Options>({
  server: ['lxd', { option: true }],
  // A test that answers calls in the browser (page.route) may end while a handler still waits for
  // the real answer; the handler would then fail on a closed page and fail a passed test. Drop
  // the handlers first, ignoring what they were doing.
  //
  // Chromium shares the host's network namespace: a test that creates a network (a bridge with
  // an address) on any daemon makes it abort every navigation then in flight, in every worker,
  // with net::ERR_NETWORK_CHANGED. Such a navigation is made again (twice at most); the console's
  // own calls already retry a failed fetch.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await goto(url, options);
        } catch (error) {
          if (attempt >= 3 || !String(error).includes('net::ERR_NETWORK_CHANGED')) throw error;
        }
      }
    };
    await use(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
  lxd: async ({ server }, use) => {
    const api =
      server === 'incus'
        ? await LxdApi.openAt(INCUS_URL, incusCerts.admin.cert, incusCerts.admin.key)
        : await LxdApi.open('admin');
    await use(api);
    await api.dispose();
  },
  track: async ({ lxd }, use) => {
    const created: { name: string; project: string }[] = [];
    await use((name, project = 'default') => {
      created.push({ name, project });
      return name;
    });
    for (const { name, project } of created.reverse()) {
      await lxd.deleteInstance(name, project);
    }
  },
});

export { expect };

/**
 * LXD 5.0.2 answers deep links under /ui/ with 404 (it has no SPA fallback). For tests that go
 * straight to LXD's /ui, answer such document navigations with /ui/ itself, as a newer LXD or
 * the console server would.
 */
export async function enableSpaFallback(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith('/ui/') && !url.pathname.startsWith('/ui/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') {
        await route.continue();
        return;
      }
      const response = await fetchForRoute(route);
      if (response.status() !== 404) {
        await route.fulfill({ response });
        return;
      }
      const index = await fetchForRoute(route, {
        url: new URL('/ui/', route.request().url()).toString(),
      });
      await route.fulfill({ response: index });
    },
  );
}
