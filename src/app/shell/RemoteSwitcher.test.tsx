import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import type { ConsoleRemote } from '../../features/remotes';
import { createMemoryRouter, RouterProvider } from '../../shared/routing/router';
import { renderSignedIn, testAuth } from '../../testing/render';
import { appRoutes } from '../router';
import { AuthGate } from './AuthGate';
import { SideNav } from './SideNav';
import { StatusBar } from './StatusBar';

const REMOTES: ConsoleRemote[] = [
  {
    name: 'local',
    default: true,
    url: 'https://10.0.0.1:8443',
    state: 'online',
    kind: 'lxd',
    version: '5.0.2',
    clustered: false,
  },
  {
    name: 'incus',
    default: false,
    url: 'https://10.0.0.2:8443',
    state: 'online',
    kind: 'incus',
    version: '6.0.4',
    clustered: true,
  },
  {
    name: 'lab',
    default: false,
    url: 'https://10.0.0.3:8443',
    state: 'unreachable',
    kind: null,
    version: null,
    clustered: null,
    error: 'dial tcp 10.0.0.3:8443: connect: connection refused',
  },
  {
    name: 'edge',
    default: false,
    url: 'https://10.0.0.4:8443',
    state: 'untrusted',
    kind: 'lxd',
    version: '5.21.3',
    clustered: null,
    error: 'the server does not trust the console server',
  },
];

/** Stubs fetch: /console/remotes answers `status` with `body`; anything else is a 404. */
function fakeConsoleServer(status: number, body: unknown) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url === '/console/remotes'
        ? new Response(JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response('', { status: 404 }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const remotesAsked = (fetch: ReturnType<typeof fakeConsoleServer>) =>
  fetch.mock.calls.filter(([url]) => url === '/console/remotes').length;

const auth = testAuth({
  projects: [
    { name: 'default', description: '', config: {} },
    { name: 'p', description: '', config: {} },
  ],
});

function renderNav(path = '/project/p/instance/x') {
  return renderSignedIn(<SideNav onNavigate={() => undefined} />, {
    path,
    auth,
    routes: appRoutes,
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

async function openSwitcher() {
  await userEvent.click(await within(nav()).findByRole('button', { name: /Remote/ }));
  return within(nav()).getByRole('navigation', { name: 'Remotes' });
}

afterEach(() => {
  setCurrentRemote(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the remote switcher', () => {
  it("names the page's remote next to the project selector", async () => {
    fakeConsoleServer(200, { remotes: REMOTES });
    renderNav();
    const button = await within(nav()).findByRole('button', { name: 'Remote local' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).getByRole('button', { name: 'Project p' })).toBeInTheDocument();
  });

  it('lists every remote with its state, product, version and "clustered"', async () => {
    fakeConsoleServer(200, { remotes: REMOTES });
    renderNav();
    const menu = await openSwitcher();
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'local online, LXD 5.0.2',
      'incus online, Incus 6.0.4, clustered',
      'lab unreachable',
      'edge untrusted, LXD 5.21.3',
      'Fleet: every remote',
    ]);
    expect(within(menu).getByRole('link', { name: 'Fleet: every remote' })).toHaveAttribute(
      'href',
      '/ui/fleet',
    );
    expect(within(menu).getByRole('link', { name: /^local/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: /^incus/ })).not.toHaveAttribute('aria-current');
  });

  it('describes an unreachable or untrusted remote with its error, and still offers it', async () => {
    fakeConsoleServer(200, { remotes: REMOTES });
    renderNav();
    const menu = await openSwitcher();
    const lab = within(menu).getByRole('link', { name: /^lab unreachable/ });
    expect(lab).toHaveAccessibleDescription('dial tcp 10.0.0.3:8443: connect: connection refused');
    expect(lab).toHaveAttribute('href', '/ui/remote/lab/project/default/instances');
    const edge = within(menu).getByRole('link', { name: /^edge untrusted/ });
    expect(edge).toHaveAccessibleDescription('the server does not trust the console server');
    // An online remote's address is its title.
    const incus = within(menu).getByRole('link', { name: /^incus/ });
    expect(incus).toHaveAccessibleDescription('https://10.0.0.2:8443');
  });

  it('keeps the section, in project default, and loads a new page', async () => {
    fakeConsoleServer(200, { remotes: REMOTES });
    const assign = vi.fn();
    vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/', assign });
    renderNav('/project/p/instance/x');
    const menu = await openSwitcher();
    const incus = within(menu).getByRole('link', { name: /^incus/ });
    expect(incus).toHaveAttribute('href', '/ui/remote/incus/project/default/instances');
    await userEvent.click(incus);
    expect(assign).toHaveBeenCalledWith('/ui/remote/incus/project/default/instances');
    expect(within(nav()).queryByRole('navigation', { name: 'Remotes' })).toBeNull();
  });

  it('keeps a global section, and leads to the plain /ui address of the default remote', async () => {
    setCurrentRemote('incus');
    fakeConsoleServer(200, { remotes: REMOTES });
    renderNav('/settings');
    expect(await within(nav()).findByRole('button', { name: 'Remote incus' })).toBeInTheDocument();
    const menu = await openSwitcher();
    expect(within(menu).getByRole('link', { name: /^local/ })).toHaveAttribute(
      'href',
      '/ui/settings',
    );
    expect(within(menu).getByRole('link', { name: /^incus/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('closes with Escape', async () => {
    fakeConsoleServer(200, { remotes: REMOTES });
    renderNav();
    await openSwitcher();
    await userEvent.keyboard('{Escape}');
    expect(within(nav()).queryByRole('navigation', { name: 'Remotes' })).toBeNull();
  });

  it('is not there when LXD serves the console (404)', async () => {
    const fetch = fakeConsoleServer(404, { type: 'error', error: 'not found', error_code: 404 });
    renderNav();
    await vi.waitFor(() => expect(remotesAsked(fetch)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nav()).queryByRole('button', { name: /Remote/ })).toBeNull();
    expect(within(nav()).getByRole('button', { name: 'Project p' })).toBeInTheDocument();
  });

  it('is not there with one remote', async () => {
    const fetch = fakeConsoleServer(200, { remotes: REMOTES.slice(0, 1) });
    renderNav();
    await vi.waitFor(() => expect(remotesAsked(fetch)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nav()).queryByRole('button', { name: /Remote/ })).toBeNull();
  });

  it('asks for the states again every 10 s while it is shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = fakeConsoleServer(200, { remotes: REMOTES });
    renderNav();
    await within(nav()).findByRole('button', { name: 'Remote local' });
    expect(remotesAsked(fetch)).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(remotesAsked(fetch)).toBe(2));
  });
});

describe('a page on a named remote', () => {
  it('names the remote in the status bar', () => {
    const { unmount } = renderSignedIn(<StatusBar project="default" />);
    expect(screen.getByRole('contentinfo', { name: 'Status bar' })).not.toHaveTextContent('Remote');
    unmount();
    setCurrentRemote('incus');
    renderSignedIn(<StatusBar project="default" />);
    expect(screen.getByRole('contentinfo', { name: 'Status bar' })).toHaveTextContent(
      'Remote incus',
    );
  });

  it('offers the other remotes when its server cannot be reached', async () => {
    setCurrentRemote('lab');
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url === '/console/remotes'
          ? new Response(JSON.stringify({ remotes: REMOTES }), { status: 200 })
          : new Response(JSON.stringify({ type: 'error', error: 'lab is unreachable' }), {
              status: 502,
            }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter(
      [{ element: <AuthGate />, children: [{ path: '*', element: null }] }],
      { initialEntries: ['/project/default/instances'] },
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('lab is unreachable')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/remote/lab/1.0', expect.anything());
    await userEvent.click(await screen.findByRole('button', { name: 'Remote lab' }));
    const menu = screen.getByRole('navigation', { name: 'Remotes' });
    expect(within(menu).getByRole('link', { name: /^local/ })).toHaveAttribute(
      'href',
      '/ui/project/default/instances',
    );
  });
});
