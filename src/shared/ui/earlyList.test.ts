import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markFirstContent, resetFirstContent } from './afterFirstScreen';
import {
  EARLY_LIST_ID,
  EARLY_LIST_MAX_MS,
  removeEarlyList,
  removeEarlyListLater,
  removeEarlyListOffPath,
} from './earlyList';

/** index.html's painter of the early list (the inline script that names #early-list). */
const html = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
const painter = (() => {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const script = scripts.find((s) => s.includes("screen.id = 'early-list'"));
  if (!script) throw new Error('index.html has no early list painter');
  return script;
})();

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const trusted = (clustered = false, config: Record<string, string> = {}) =>
  json({
    type: 'sync',
    metadata: { auth: 'trusted', config, environment: { server_clustered: clustered } },
  });
const namesOf = (names: string[], project?: string) =>
  json({
    type: 'sync',
    metadata: names.map(
      (name) => `/1.0/instances/${encodeURIComponent(name)}${project ? `?project=${project}` : ''}`,
    ),
  });

interface Early {
  names: Promise<Response>;
  server: Promise<Response>;
  allProjects?: boolean;
  files?: string[];
  path?: string;
  /** The project of an overview (its address is /ui/project/{p}/overview). */
  overview?: string;
}

/** Runs the painter as index.html does and waits until it has had its answers. */
async function paint(early: Early) {
  window.__lxdEarlyList = {
    allProjects: false,
    files: [],
    path: '/ui/project/default/instances',
    ...early,
  };
  runInThisContext(painter);
  // (setImmediate, not vi.waitFor: that advances fake timers, which one test uses)
  for (let i = 0; i < 200 && performance.getEntriesByName('lxd-early-names').length === 0; i++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return document.getElementById(EARLY_LIST_ID);
}

const rowNames = (screen: HTMLElement | null) =>
  [...(screen?.querySelectorAll('tbody tr') ?? [])].map(
    (row) => row.querySelector('th')?.textContent,
  );
const headers = (screen: HTMLElement | null) =>
  [...(screen?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);

declare global {
  interface Window {
    __lxdEarlyList?: Early | undefined;
  }
}

beforeEach(() => {
  performance.clearMarks();
  localStorage.clear();
  window.__lxdEarlyListDone = undefined;
  window.__lxdStarted = undefined;
});

afterEach(() => {
  document.getElementById(EARLY_LIST_ID)?.remove();
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  window.__lxdEarlyList = undefined;
  window.history.replaceState(null, '', '/');
  resetFirstContent();
  vi.useRealTimers();
});

describe('the early list (index.html)', () => {
  it('paints the first names sorted as the list sorts them, over the page and hidden from assistive technology', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `web${String(150 - i)}`);
    const screen = await paint({ names: namesOf(names), server: trusted() });
    expect(screen).not.toBeNull();
    expect(screen?.getAttribute('aria-hidden')).toBe('true');
    expect(screen?.hasAttribute('inert')).toBe(true);
    expect(screen?.getAttribute('data-path')).toBe('/ui/project/default/instances');
    // Numeric order, as Intl.Collator({ numeric: true }) sorts the list: web2 before web10.
    const shown = rowNames(screen);
    expect(shown.slice(0, 3)).toEqual(['web1', 'web2', 'web3']);
    expect(shown).toHaveLength(Math.ceil(window.innerHeight / 40));
    expect(screen?.querySelector('table')?.getAttribute('aria-label')).toBe('Instances');
    expect(screen?.textContent).toContain('150 instances');
    expect(screen?.textContent).toContain('Loading details of 150 instances…');
    // Nothing in it can take focus.
    expect(screen?.querySelectorAll('a[href], button:not([tabindex="-1"])')).toHaveLength(0);
    for (const input of screen?.querySelectorAll('input') ?? []) {
      expect(input.disabled || input.tabIndex === -1).toBe(true);
    }
  });

  it('shows the default columns, those the user kept, and Project or Location where the list has them', async () => {
    let screen = await paint({ names: namesOf(['a']), server: trusted() });
    expect(headers(screen)).toEqual([
      '',
      'Name',
      'Type',
      'Status',
      'IPv4',
      'Snapshots',
      'Memory',
      'Description',
      'Actions',
    ]);
    expect(screen?.textContent).toContain('1 instance');
    expect(screen?.textContent).not.toContain('Loading details');
    expect(screen?.querySelector('.app-nav .app-brand')?.textContent).toBe('LXD');
    expect(screen?.textContent).toContain('Create instance');
    screen?.remove();
    performance.clearMarks();

    // The choice as the console keeps it: Tags is in neither list (added since), so hidden.
    localStorage.setItem(
      'lxd-console.instances.hidden-columns',
      JSON.stringify({
        hidden: ['ipv4', 'type'],
        shown: ['disk', 'ipv6', 'location', 'memory', 'profiles', 'project', 'snapshots'],
      }),
    );
    screen = await paint({
      names: namesOf(['a', 'b'], 'p1'),
      server: trusted(true, { 'user.microcloud': 'true' }),
      allProjects: true,
    });
    expect(screen?.querySelector('.app-nav .app-brand')?.textContent).toBe('MicroCloud');
    expect(screen?.textContent).not.toContain('Create instance');
    expect(headers(screen)).toEqual([
      '',
      'Name',
      'Status',
      'Project',
      'Location',
      'IPv6',
      'Snapshots',
      'Memory',
      'Disk',
      'Profiles',
      'Description',
      'Actions',
    ]);
    expect(rowNames(screen)).toEqual(['a', 'b']);
    screen?.remove();
    performance.clearMarks();

    // The old form, the hidden ones alone: those hidden by default stay hidden.
    localStorage.setItem('lxd-console.instances.hidden-columns', JSON.stringify(['type']));
    screen = await paint({ names: namesOf(['a']), server: trusted() });
    expect(headers(screen)).toEqual([
      '',
      'Name',
      'Status',
      'IPv4',
      'Snapshots',
      'Memory',
      'Description',
      'Actions',
    ]);
  });

  it('paints the overview with its instance count, the figure it shows first', async () => {
    const names = Array.from({ length: 1234 }, (_, i) => `web${String(i)}`);
    const screen = await paint({
      names: namesOf(names, 'prod'),
      server: trusted(),
      path: '/ui/project/prod/overview',
      overview: 'prod',
      files: ['/ui/assets/OverviewPage-x.js', '/ui/assets/OverviewPage-x.css'],
    });
    expect(screen?.getAttribute('aria-hidden')).toBe('true');
    expect(screen?.hasAttribute('inert')).toBe(true);
    expect(screen?.getAttribute('data-path')).toBe('/ui/project/prod/overview');
    expect(screen?.querySelector('.page-header__title')?.textContent).toBe('Overview prod');
    const figure = screen?.querySelector('[data-early-figure="instances"]');
    expect(figure?.textContent).toBe('Instances1,234 instances');
    expect(figure?.querySelector('a')?.textContent).toBe('1,234 instances');
    // No list in it, and the overview's stylesheet applied.
    expect(screen?.querySelector('table')).toBeNull();
    expect(
      [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/ui/assets/OverviewPage-x.css']);
    screen?.remove();
    performance.clearMarks();
    expect(
      (
        await paint({ names: namesOf(['one']), server: trusted(), overview: 'default' })
      )?.querySelector('[data-early-figure="instances"] a')?.textContent,
    ).toBe('1 instance');
  });

  it('adds the list stylesheets it was given after the page’s own', async () => {
    await paint({
      names: namesOf(['a']),
      server: trusted(),
      files: ['/ui/assets/list-x.js', '/ui/assets/list-x.css'],
    });
    const links = [...document.head.querySelectorAll('link[rel="stylesheet"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/ui/assets/list-x.css']);
  });

  it('paints nothing for a failed or empty list, an untrusted browser, a search, or a console that has taken over', async () => {
    expect(
      await paint({ names: json({ type: 'error', error: 'not found' }, 404), server: trusted() }),
    ).toBeNull();
    performance.clearMarks();
    expect(await paint({ names: namesOf([]), server: trusted() })).toBeNull();
    performance.clearMarks();
    expect(
      await paint({
        names: namesOf(['a']),
        server: json({ type: 'sync', metadata: { auth: 'untrusted' } }),
      }),
    ).toBeNull();
    performance.clearMarks();
    window.__lxdEarlyListDone = true;
    expect(await paint({ names: namesOf(['a']), server: trusted() })).toBeNull();
    window.__lxdEarlyListDone = undefined;

    // A list opened with a search or sort in its address differs from the plain one.
    window.history.replaceState(null, '', '/ui/project/default/instances?search=web');
    window.__lxdEarlyList = {
      names: namesOf(['a']),
      server: trusted(),
      allProjects: false,
      files: [],
      path: '/ui/project/default/instances',
    };
    runInThisContext(painter);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.getElementById(EARLY_LIST_ID)).toBeNull();
  });

  it('goes by itself when the console never starts, and stays while it starts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let screen = await paint({ names: namesOf(['a']), server: trusted() });
    vi.advanceTimersByTime(9999);
    expect(screen?.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(screen?.isConnected).toBe(false);

    performance.clearMarks();
    screen = await paint({ names: namesOf(['a']), server: trusted() });
    window.__lxdStarted = true;
    vi.advanceTimersByTime(10000);
    expect(screen?.isConnected).toBe(true);
  });
});

describe('the console takes the early list away', () => {
  function early(pathname = '/ui/project/default/instances') {
    const element = document.createElement('div');
    element.id = EARLY_LIST_ID;
    element.setAttribute('data-path', pathname);
    document.body.append(element);
    return element;
  }

  it('when its own screen shows its content', () => {
    early();
    markFirstContent();
    expect(document.getElementById(EARLY_LIST_ID)).toBeNull();
    expect(window.__lxdEarlyListDone).toBe(true);
  });

  it('when the address is no longer the one it was painted for', () => {
    early('/ui/project/default/instances');
    removeEarlyListOffPath('/ui/project/default/instances/');
    expect(document.getElementById(EARLY_LIST_ID)).not.toBeNull();
    removeEarlyListOffPath('/ui/project/default/profiles');
    expect(document.getElementById(EARLY_LIST_ID)).toBeNull();
  });

  it('at the latest some time after the console started', () => {
    vi.useFakeTimers();
    early();
    removeEarlyListLater();
    vi.advanceTimersByTime(EARLY_LIST_MAX_MS - 1);
    expect(document.getElementById(EARLY_LIST_ID)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById(EARLY_LIST_ID)).toBeNull();
    removeEarlyList();
  });
});
