/**
 * The Content-Security-Policy of index.html blocks nothing the console does: every route of the
 * route table (src/features/x/routes.tsx, through src/app/features.ts), and every tab of the
 * detail pages, is opened with real resources made through the API, with no
 * `securitypolicyviolation` event and no request (HTTP or websocket) leaving the page's origin.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures';
import { LxdApi } from '../support/lxd-api';
import { routePatterns } from '../support/route-table';

const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const name = `csp-${stamp}`;
const names = {
  instance: name,
  profile: name,
  acl: name,
  volume: name,
  pool: 'default',
  bucket: name,
  group: name,
  network: '',
  forward: '',
  member: '',
};

let admin: LxdApi;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await LxdApi.open('admin');
  const server = await admin.get<{ environment: { server_name: string } }>('/1.0');
  names.member = server.environment.server_name;
  const profile = await admin.get<{ devices: Record<string, Record<string, string>> }>(
    '/1.0/profiles/default?project=default',
  );
  names.network = profile.devices.eth0?.network ?? '';
  const network = await admin.get<{ config: Record<string, string> }>(
    `/1.0/networks/${names.network}`,
  );
  names.forward = (network.config['ipv4.address'] ?? '').split('/')[0] ?? '';
  await Promise.all([
    admin.createInstance(names.instance, { start: true }),
    admin.call('POST', '/1.0/profiles?project=default', { name: names.profile, config: {} }),
    admin.call('POST', '/1.0/network-acls?project=default', { name: names.acl }),
    admin.run('POST', `/1.0/storage-pools/${names.pool}/volumes/custom?project=default`, {
      name: names.volume,
      type: 'custom',
      config: {},
    }),
    admin.call('POST', `/1.0/networks/${names.network}/forwards?project=default`, {
      listen_address: names.forward,
      description: 'csp e2e',
    }),
  ]);
});

test.afterAll(async () => {
  const quietly = (method: string, path: string) => admin.run(method, path).catch(() => undefined);
  await admin.deleteInstance(names.instance).catch(() => undefined);
  await Promise.all([
    quietly('DELETE', `/1.0/profiles/${names.profile}?project=default`),
    quietly('DELETE', `/1.0/network-acls/${names.acl}?project=default`),
    quietly(
      'DELETE',
      `/1.0/storage-pools/${names.pool}/volumes/custom/${names.volume}?project=default`,
    ),
    quietly('DELETE', `/1.0/networks/${names.network}/forwards/${names.forward}?project=default`),
  ]);
  await admin.dispose();
});

/** A URL under /ui for each route pattern: its parameters filled with the resources above. */
function concrete(pattern: string): string {
  const detail: [RegExp, string][] = [
    [/\/instance\/:name/, names.instance],
    [/\/profile\/:name/, names.profile],
    [/\/network-acl\/:name/, names.acl],
    [/\/network\/:name/, names.network],
    [/\/storage\/pool\/:name/, names.pool],
    // A volume's and a bucket's own name (the detail pages read `:name`).
    [/\/volumes\/:type\/:name/, names.volume],
    [/\/bucket\/:name/, names.bucket],
    [/\/cluster\/member\/:name/, names.member],
    [/\/permissions\/group\/:name/, names.group],
  ];
  const nameValue = detail.find(([re]) => re.test(pattern))?.[1];
  const values: Record<string, string | undefined> = {
    project: 'default',
    name: nameValue,
    network: names.network,
    member: names.member,
    address: names.forward,
    pool: names.pool,
    type: 'custom',
    volume: names.volume,
    bucket: names.bucket,
    // Tabs and sections are opened by clicking (below).
    activeTab: 'overview',
    section: undefined,
  };
  const segments: string[] = [];
  for (const segment of pattern.split('/').slice(1)) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const key = segment.slice(1).replace(/\?$/, '');
    const value = values[key];
    if (optional || key === 'section') break;
    if (value === undefined) throw new Error(`no value for :${key} in ${pattern}`);
    segments.push(encodeURIComponent(value));
  }
  return `/ui/${segments.join('/')}`;
}

interface Watch {
  violations: string[];
  /** Console messages about the policy (such as a directive it ignores). */
  messages: string[];
  foreign: string[];
  websockets: string[];
}

/** Reports violations of every page of the context (bound before any page script runs). */
async function watchContext(context: BrowserContext, seen: Watch): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    seen.violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)
        .__reportCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${location.pathname} ` +
          `(${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** One tab walking routes: what it requests, and whether its requests have ended. */
function watchPage(page: Page, origin: string, seen: Watch) {
  /** Requests of the current page still waiting for their answer (long polls aside). */
  const pending = new Set<Request>();
  const local = (url: string) =>
    url.startsWith('data:') ||
    url.startsWith('blob:') ||
    new URL(url).host === new URL(origin).host;
  page.on('request', (request) => {
    if (!local(request.url())) seen.foreign.push(request.url());
    if (!/\/wait\b/.test(request.url())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pending.clear();
  });
  page.on('websocket', (ws) => {
    seen.websockets.push(ws.url());
    if (!local(ws.url())) seen.foreign.push(ws.url());
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.messages.push(message.text());
  });
  return {
    /** The page is drawn and its requests have ended (for 200 ms), or 1 s has passed. */
    async settle(): Promise<void> {
      await page.getByRole('main').first().waitFor();
      const until = Date.now() + 1000;
      let quiet = 0;
      while (quiet < 2 && Date.now() < until) {
        await page.waitForTimeout(100);
        quiet = pending.size === 0 ? quiet + 1 : 0;
      }
    },
  };
}

/** Hrefs of links that lead deeper than the current path (tabs, then a tab's sections). */
async function deeperLinks(page: Page, role: 'tab' | 'link'): Promise<string[]> {
  const here = new URL(page.url()).pathname.replace(/\/$/, '');
  const hrefs = await page
    .getByRole('main')
    .getByRole(role)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/ui/') && href !== here))];
}

test('the CSP blocks nothing on any route, and no request leaves the origin', async ({
  page,
  baseURL,
}) => {
  // Every route, tab and first section in three tabs: past 120 s twice on a run whose other
  // workers were starting and stopping 30 containers (the bulk queue's spec).
  test.setTimeout(240_000);
  const origin = baseURL ?? '';
  const seen: Watch = { violations: [], messages: [], foreign: [], websockets: [] };
  await watchContext(page.context(), seen);
  const first = watchPage(page, origin, seen);

  // The listener works and the policy is in force: an injected inline script is reported.
  await page.goto('/ui/project/default/instances');
  await first.settle();
  // Websockets are allowed by 'self' alone (CSP Level 3: ws:/wss: on the page's own host), not
  // by a scheme that would let them reach any host.
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("connect-src 'self';");
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  // (One event per policy: the meta element's and the console server's header.)
  await expect.poll(() => seen.violations.length).toBeGreaterThan(0);
  for (const violation of seen.violations) {
    expect(violation).toMatch(
      /^script-src(-elem)? blocked inline at \/ui\/project\/default\/instances/,
    );
  }
  expect(seen.messages.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => '__injected' in window)).toBe(false);
  seen.violations.length = 0;
  seen.messages.length = 0;

  const patterns = routePatterns();
  expect(patterns.length).toBeGreaterThan(40);
  const urls = [...new Set(patterns.map(concrete))];
  const visited = new Set<string>();

  /** Opens its share of the routes, every tab of a detail page, and a tab's first section. */
  async function walk(tab: Page, share: string[]): Promise<void> {
    const watcher = tab === page ? first : watchPage(tab, origin, seen);
    const open = async (url: string) => {
      visited.add(url);
      await tab.goto(url);
      await watcher.settle();
    };
    for (const url of share) {
      await open(url);
      for (const href of await deeperLinks(tab, 'tab')) {
        if (visited.has(href)) continue;
        visited.add(href);
        const link = tab.locator(`a[role="tab"][href="${href}"]`).first();
        // A section opened from the tab before took the page elsewhere: come back to it.
        if ((await link.count()) === 0) {
          await tab.goto(url);
          await watcher.settle();
        }
        await link.click();
        await watcher.settle();
        const section = (await deeperLinks(tab, 'link')).find((link) =>
          link.startsWith(`${href}/`),
        );
        if (section && !visited.has(section)) await open(section);
      }
    }
  }

  // Three tabs at once, each with every third route.
  const tabs = [page, await page.context().newPage(), await page.context().newPage()];
  await Promise.all(
    tabs.map((tab, i) =>
      walk(
        tab,
        urls.filter((_, n) => n % tabs.length === i),
      ),
    ),
  );

  expect(seen.violations).toEqual([]);
  expect(seen.messages).toEqual([]);
  expect(seen.foreign).toEqual([]);
  for (const url of urls) expect(visited).toContain(url);
  // The terminal and the text console opened their websockets (on the page's origin).
  expect(visited).toContain(`/ui/project/default/instance/${names.instance}/terminal`);
  expect(seen.websockets.filter((url) => url.includes('/1.0/operations/')).length).toBeGreaterThan(
    1,
  );
});
