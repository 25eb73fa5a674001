/**
 * The console's router: the React side of history.ts and match.ts. Every screen imports routing
 * from here. It covers what the console uses (nested routes with layouts, lazy screens, error
 * elements, links, search params, redirects) in a few kilobytes, so the first screen carries no
 * general-purpose router.
 */
import {
  Children,
  createContext,
  createElement,
  isValidElement,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  type NavigateOptions,
  type Router,
  type RouterState,
} from './history';
import {
  matchRoutes,
  type Location,
  type Params,
  type RouteHandle,
  type RouteMatch,
  type RouteObject,
} from './match';
import { RouteErrorBoundary, RouteErrorContext, Thrower } from './route-error';

export { createBrowserRouter, createMemoryRouter, isRouteErrorResponse };
export type { Location, NavigateOptions, Params, RouteHandle, RouteMatch, RouteObject, Router };

interface RouterContextValue {
  router: Router;
  location: Location;
  /** The routes the location matched, outermost first (none in a MemoryRouter). */
  matches: readonly RouteMatch[];
}

const RouterContext = createContext<RouterContextValue | null>(null);

interface RouteContextValue {
  outlet: ReactNode;
  params: Params;
}

const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {} });

function useRouterContext(hook: string): RouterContextValue {
  const context = useContext(RouterContext);
  if (!context) throw new Error(`${hook} may be used only inside a router`);
  return context;
}

export function useInRouterContext(): boolean {
  return useContext(RouterContext) !== null;
}

export function useLocation(): Location {
  return useRouterContext('useLocation').location;
}

/** The routes the current location matched, outermost first. */
export function useMatches(): readonly RouteMatch[] {
  return useRouterContext('useMatches').matches;
}

export function useParams<T extends Params = Params>(): Partial<T> {
  return useContext(RouteContext).params as Partial<T>;
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const { router } = useRouterContext('useNavigate');
  return router.navigate;
}

type SearchInit = URLSearchParams | string | Record<string, string | string[]>;
export type SetSearchParams = (
  next: SearchInit | ((previous: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

function toSearchParams(init: SearchInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params;
}

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { router, location } = useRouterContext('useSearchParams');
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      // The updater sees the latest search, even when several updates run in one event.
      const previous = new URLSearchParams(router.state.location.search);
      const value = toSearchParams(typeof next === 'function' ? next(previous) : next);
      const search = value.toString();
      void router.navigate(`?${search}${router.state.location.hash}`, options);
    },
    [router],
  );
  return [params, set];
}

/** The child route's element, inside a layout route. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions): null {
  const { router } = useRouterContext('Navigate');
  useEffect(() => {
    void router.navigate(to, { replace, state });
  }, [router, to, replace, state]);
  return null;
}

export interface LinkProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({
  to,
  replace,
  state,
  onClick,
  target,
  children,
  ...rest
}: LinkProps): ReactElement {
  const { router } = useRouterContext('Link');
  // Read the location so the href follows it (`?…` links are relative to the page).
  useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return (
    <a {...rest} href={router.createHref(to)} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((status: { isActive: boolean }) => string | undefined);
  /** Active only on exactly this path, not below it. */
  end?: boolean;
}

export function NavLink({ className, end, to, ...rest }: NavLinkProps): ReactElement {
  const { router, location } = useRouterContext('NavLink');
  const targetPath = new URL(router.createHref(to), 'http://x').pathname;
  const currentPath = router.createHref(location.pathname);
  const here = currentPath.toLowerCase();
  const there = targetPath.toLowerCase().replace(/\/$/, '') || '/';
  const isActive = here === there || here === `${there}/` || (!end && here.startsWith(`${there}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

function routeElement(route: RouteObject): ReactNode {
  if (route.element !== undefined) return route.element;
  if (route.Component) return createElement(route.Component);
  return <Outlet />;
}

/** Renders the matched routes from the innermost outwards, each inside its parent's Outlet. */
function renderMatches(
  matches: readonly RouteMatch[],
  errors: ReadonlyMap<number, unknown>,
  resetKey: string,
): ReactNode {
  // A route that failed to load shows the errorElement of the nearest route at or above it,
  // rendered directly (as a data router does), not thrown: a thrown error makes React render the
  // fallback more than once, and the error screens act once (a single automatic reload).
  const failedAt = errors.size ? Math.min(...errors.keys()) : -1;
  let shownUpTo = matches.length - 1;
  let errorAt = -1;
  if (failedAt >= 0) {
    for (let j = failedAt; j >= 0; j -= 1) {
      if (matches[j]?.route.errorElement !== undefined) {
        errorAt = j;
        break;
      }
    }
    shownUpTo = errorAt >= 0 ? errorAt : failedAt;
  }
  let outlet: ReactNode = null;
  for (let i = shownUpTo; i >= 0; i -= 1) {
    const match = matches[i];
    if (!match) continue;
    const { route, params } = match;
    let content: ReactNode;
    if (i === errorAt) {
      content = (
        <RouteErrorContext.Provider value={errors.get(failedAt)}>
          {route.errorElement}
        </RouteErrorContext.Provider>
      );
    } else if (i === failedAt) {
      content = <Thrower error={errors.get(failedAt)} />; // no errorElement above: fail loudly
    } else {
      content = routeElement(route);
    }
    let element: ReactNode = (
      <RouteContext.Provider value={{ outlet, params }}>{content}</RouteContext.Provider>
    );
    if (route.errorElement !== undefined && i !== errorAt) {
      element = (
        <RouteErrorBoundary fallback={route.errorElement} resetKey={resetKey}>
          {element}
        </RouteErrorBoundary>
      );
    }
    outlet = element;
  }
  return outlet;
}

export function RouterProvider({ router }: { router: Router }): ReactNode {
  const [state, setState] = useState<RouterState>(router.state);
  // Navigations are committed as urgent updates, not transitions: a transition that a screen
  // keeps busy (a deferred value re-rendering under it) held back every later navigation, so the
  // address changed and the screen did not.
  // The state read at the first render is current: the router changes only after a promise
  // settles, never between a render and its layout effects.
  useLayoutEffect(() => {
    return router.subscribe((next) => {
      setState(next);
    });
  }, [router]);
  const context = useMemo(
    () => ({ router, location: state.location, matches: state.matches }),
    [router, state.location, state.matches],
  );
  if (!state.initialized) return null;
  return (
    <RouterContext.Provider value={context}>
      {/* A screen part that suspends without a boundary of its own blanks only for that moment. */}
      <Suspense fallback={null}>
        {renderMatches(state.matches, state.errors, state.location.key)}
      </Suspense>
    </RouterContext.Provider>
  );
}

/**
 * A router over a list of locations, for tests: its children decide what to render. Given a
 * route table, `useMatches` answers what the location matches in it.
 */
export function MemoryRouter({
  initialEntries,
  initialIndex,
  routes,
  children,
}: {
  initialEntries?: string[];
  initialIndex?: number;
  routes?: readonly RouteObject[];
  children?: ReactNode;
}): ReactNode {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*' }], { initialEntries, initialIndex }),
  );
  const [location, setLocation] = useState<Location>(router.state.location);
  useLayoutEffect(
    () =>
      router.subscribe((next) => {
        setLocation(next.location);
      }),
    [router],
  );
  const context = useMemo(
    () => ({
      router,
      location,
      matches: routes ? (matchRoutes(routes, location.pathname) ?? []) : [],
    }),
    [router, location, routes],
  );
  return <RouterContext.Provider value={context}>{children}</RouterContext.Provider>;
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; renders nothing itself. */
export const Route: (props: RouteProps) => null = () => null;

function routesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, index, element, children: nested } = child.props;
    routes.push({
      path,
      index,
      element,
      ...(nested ? { children: routesFromChildren(nested) } : {}),
    });
  });
  return routes;
}

/** Renders the best match among its <Route> children for the current location. */
export function Routes({ children }: { children?: ReactNode }): ReactNode {
  const { pathname } = useLocation();
  const routes = useMemo(() => routesFromChildren(children), [children]);
  const matches = matchRoutes(routes, pathname);
  return matches ? renderMatches(matches, new Map(), pathname) : null;
}
