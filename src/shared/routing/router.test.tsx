import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from './router';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function ShowError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <p>{`Error ${error.status}`}</p>;
  return <p>{`Failed: ${error instanceof Error ? error.message : String(error)}`}</p>;
}

function Layout() {
  return (
    <div>
      <nav>
        <NavLink to="/a">A</NavLink>
        <NavLink to="/b" end>
          B
        </NavLink>
      </nav>
      <Outlet />
      <Where />
    </div>
  );
}

function Named() {
  const { name } = useParams();
  return <h1>{`Item ${name ?? ''}`}</h1>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tree = (children: RouteObject[]): RouteObject[] => [
  { errorElement: <ShowError />, element: <Layout />, children },
];

describe('router', () => {
  it('renders nested routes with their params and follows links', async () => {
    const router = createMemoryRouter(
      tree([
        { path: 'a', element: <Link to="/b/item-1">Open item</Link> },
        { path: 'b/:name', element: <Named /> },
      ]),
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Open item' }));
    expect(await screen.findByRole('heading', { name: 'Item item-1' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/b/item-1');
    expect(screen.getByRole('link', { name: 'B' })).not.toHaveAttribute('aria-current');
    expect(router.state.location.pathname).toBe('/b/item-1');
  });

  it('marks the current navigation link, below it too unless `end`', async () => {
    const router = createMemoryRouter(tree([{ path: 'a/:x', element: <p>below</p> }]), {
      initialEntries: ['/a/1'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('link', { name: 'A' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'B' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the old screen until a lazy screen has loaded, and runs its loader at once', async () => {
    const code = deferred<{ Component: () => React.ReactNode }>();
    const loader = vi.fn(() => null);
    const router = createMemoryRouter(
      tree([
        { path: 'a', element: <Link to="/lazy?x=1">Go</Link> },
        { path: 'lazy', lazy: () => code.promise, loader },
      ]),
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('link', { name: 'Go' }));
    expect(loader).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go' })).toBeInTheDocument();
    await act(async () => {
      code.resolve({ Component: () => <h1>Lazy screen</h1> });
      await code.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    // A change of the search alone does not run the loader again.
    await act(() => router.navigate('/lazy?x=2'));
    expect(screen.getByTestId('where')).toHaveTextContent('/lazy?x=2');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("shows the nearest errorElement with the failed screen's error", async () => {
    const router = createMemoryRouter(
      tree([{ path: 'broken', lazy: () => Promise.reject(new Error('chunk missing')) }]),
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Failed: chunk missing')).toBeInTheDocument();
  });

  it('renders the errorElement of a failed screen once (no thrown retry)', async () => {
    let mounts = 0;
    function CountingError() {
      const [mount] = useState(() => (mounts += 1));
      return <p>{`Error screen ${String(mount)}`}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          path: 'broken',
          errorElement: <CountingError />,
          lazy: () => Promise.reject(new Error('x')),
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Error screen 1')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('gives the root errorElement a 404 when no route matches', async () => {
    const router = createMemoryRouter(tree([{ path: 'a', element: <p>a</p> }]), {
      initialEntries: ['/missing'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Error 404')).toBeInTheDocument();
  });

  it('applies two search updates made in one event, each on top of the other', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      const add = (key: string) =>
        setParams((previous) => {
          const next = new URLSearchParams(previous);
          next.set(key, '1');
          return next;
        });
      return (
        <button
          type="button"
          onClick={() => {
            add('a');
            add('b');
          }}
        >
          {`Filters ${params.toString() || 'none'}`}
        </button>
      );
    }
    const router = createMemoryRouter(tree([{ path: 'list', element: <Filters /> }]), {
      initialEntries: ['/list?q=x'],
    });
    render(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Filters q=x' }));
    expect(await screen.findByRole('button', { name: 'Filters q=x&a=1&b=1' })).toBeInTheDocument();
  });

  it('redirects with Navigate, replacing the entry, and goes back', async () => {
    const router = createMemoryRouter(
      tree([
        { path: 'old', element: <Navigate to="/new" replace /> },
        { path: 'new', element: <p>new place</p> },
        { path: 'start', element: <Link to="/old">Old link</Link> },
      ]),
      { initialEntries: ['/start'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('link', { name: 'Old link' }));
    expect(await screen.findByText('new place')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Old link' })).toBeInTheDocument();
  });

  it('leaves modified clicks to the browser', async () => {
    const router = createMemoryRouter(tree([{ path: 'a', element: <Link to="/b/x">Item</Link> }]), {
      initialEntries: ['/a'],
    });
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'Item' });
    let leftToBrowser = false;
    const stop = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault(); // jsdom cannot open another document
    };
    window.addEventListener('click', stop);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    window.removeEventListener('click', stop);
    expect(leftToBrowser).toBe(true);
    expect(router.state.location.pathname).toBe('/a');
  });

  it('uses the basename in the address bar and in hrefs', async () => {
    window.history.replaceState(null, '', '/ui/a');
    const router = createBrowserRouter(
      tree([
        { path: 'a', element: <Link to="/b/one">One</Link> },
        { path: 'b/:name', element: <Named /> },
      ]),
      { basename: '/ui' },
    );
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'One' });
    expect(link).toHaveAttribute('href', '/ui/b/one');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Item one' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/ui/b/one');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('link', { name: 'One' })).toBeInTheDocument();
    router.dispose();
  });
});
