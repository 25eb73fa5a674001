/**
 * The router's state machine: where the app is (browser history or an in-memory list for tests),
 * which routes match, and navigation that loads a screen's code before it shows it (the old
 * screen stays until then, as with a data router).
 */
import {
  createPath,
  joinBasename,
  matchRoutes,
  parsePath,
  resolveTo,
  stripBasename,
  type Location,
  type Params,
  type RouteMatch,
  type RouteObject,
} from './match';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** What a route that could not be shown failed with (a missing page is `{ status: 404 }`). */
export class RouteErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  return error instanceof RouteErrorResponse;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  /** The failure of the route at that index in `matches` (a screen's code that did not load). */
  errors: ReadonlyMap<number, unknown>;
  /** False until the first screen's code has loaded. */
  initialized: boolean;
}

export interface Router {
  readonly basename: string;
  readonly state: RouterState;
  navigate: (to: string | number, options?: NavigateOptions) => Promise<void>;
  subscribe: (listener: (state: RouterState) => void) => () => void;
  createHref: (to: string) => string;
  dispose: () => void;
}

interface HistoryEntry {
  path: string;
  state: unknown;
  key: string;
}

/** The two places a location can live: the browser's address bar or a list (tests). */
interface HistorySource {
  current: () => HistoryEntry;
  push: (entry: HistoryEntry, replace: boolean) => void;
  go: (delta: number) => void;
  /** Calls back after back/forward moved the current entry. */
  listen: (onPop: () => void) => () => void;
}

let keyCounter = 0;
const newKey = () => `${Date.now().toString(36)}${(keyCounter++).toString(36)}`;

interface BrowserHistoryState {
  usr?: unknown;
  key?: string;
}

function browserSource(basename: string): HistorySource {
  return {
    current: () => {
      const { pathname, search, hash } = window.location;
      const inside = stripBasename(pathname, basename) ?? pathname;
      const saved = (window.history.state ?? {}) as BrowserHistoryState;
      return {
        path: `${inside}${search}${hash}`,
        state: saved.usr ?? null,
        key: saved.key ?? 'default',
      };
    },
    push: (entry, replace) => {
      const data: BrowserHistoryState = { usr: entry.state, key: entry.key };
      const url = joinBasename(basename, entry.path);
      if (replace) window.history.replaceState(data, '', url);
      else window.history.pushState(data, '', url);
    },
    go: (delta) => {
      window.history.go(delta);
    },
    listen: (onPop) => {
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
      };
    },
  };
}

function memorySource(initialEntries: readonly string[], initialIndex?: number): HistorySource {
  const entries: HistoryEntry[] = (initialEntries.length ? initialEntries : ['/']).map(
    (path, i) => ({ path, state: null, key: i === 0 ? 'default' : newKey() }),
  );
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<() => void>();
  return {
    current: () => entries[index] ?? { path: '/', state: null, key: 'default' },
    push: (entry, replace) => {
      if (replace) entries[index] = entry;
      else {
        entries.splice(index + 1, entries.length, entry);
        index = entries.length - 1;
      }
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      queueMicrotask(() => {
        for (const listener of listeners) listener();
      });
    },
    listen: (onPop) => {
      listeners.add(onPop);
      return () => {
        listeners.delete(onPop);
      };
    },
  };
}

function toLocation(entry: HistoryEntry): Location {
  const { pathname, search, hash } = parsePath(entry.path);
  return { pathname: pathname || '/', search, hash, state: entry.state, key: entry.key };
}

const NOT_FOUND = new RouteErrorResponse(404, 'Not Found');

/** Loads a lazy route once and merges what it gives into the route object. */
const pendingLazy = new WeakMap<RouteObject, Promise<void>>();
function loadLazy(route: RouteObject): Promise<void> {
  const { lazy } = route;
  if (!lazy) return Promise.resolve();
  let pending = pendingLazy.get(route);
  if (!pending) {
    pending = lazy().then(
      (loaded) => {
        Object.assign(route, loaded);
        delete route.lazy;
      },
      (error: unknown) => {
        pendingLazy.delete(route);
        throw error;
      },
    );
    pendingLazy.set(route, pending);
  }
  return pending;
}

function sameParams(a: Params, b: Params): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

function createRouter(routes: RouteObject[], source: HistorySource, basename: string): Router {
  const listeners = new Set<(state: RouterState) => void>();
  let state: RouterState = {
    location: toLocation(source.current()),
    matches: [],
    errors: new Map(),
    initialized: false,
  };
  let generation = 0;

  const setState = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener(state);
  };

  /** Matches the location, runs loaders of newly entered routes, waits for lazy code, commits. */
  const load = async (location: Location, commit: () => void): Promise<void> => {
    const current = (generation += 1);
    const matches = matchRoutes(routes, location.pathname);
    if (!matches) {
      commit();
      const root = routes[0];
      setState({
        location,
        matches: root ? [{ route: root, params: {} }] : [],
        errors: new Map([[0, NOT_FOUND]]),
        initialized: true,
      });
      return;
    }
    const previous = state.matches;
    matches.forEach((match, i) => {
      const before = previous[i];
      const entered = before?.route !== match.route || !sameParams(before.params, match.params);
      if (entered && match.route.loader) match.route.loader({ params: match.params });
    });
    const errors = new Map<number, unknown>();
    const pending = matches.filter((match) => match.route.lazy);
    if (pending.length) {
      // Screens whose code is still loading: the old screen stays until it is here.
      await Promise.all(
        matches.map((match, i) =>
          loadLazy(match.route).catch((error: unknown) => {
            errors.set(i, error);
          }),
        ),
      );
      if (current !== generation) return; // a newer navigation took over
    }
    // Without code to load the change is committed at once, so two updates of the search in a
    // row both see the one before.
    commit();
    setState({ location, matches, errors, initialized: true });
  };

  const navigate = (to: string | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      source.go(to);
      return Promise.resolve();
    }
    const target = resolveTo(to, state.location);
    const entry: HistoryEntry = {
      path: createPath(target),
      state: options.state ?? null,
      key: newKey(),
    };
    const replace = options.replace === true || createPath(target) === createPath(state.location);
    return load(toLocation(entry), () => {
      source.push(entry, replace);
    });
  };

  const stopListening = source.listen(() => {
    void load(toLocation(source.current()), () => undefined);
  });
  void load(state.location, () => undefined);

  return {
    basename,
    get state() {
      return state;
    },
    navigate,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    createHref: (to) => joinBasename(basename, createPath(resolveTo(to, state.location))),
    dispose: () => {
      stopListening();
      listeners.clear();
    },
  };
}

export function createBrowserRouter(
  routes: RouteObject[],
  options: { basename?: string } = {},
): Router {
  const basename = options.basename ?? '/';
  return createRouter(routes, browserSource(basename), basename);
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[]; initialIndex?: number; basename?: string } = {},
): Router {
  return createRouter(
    routes,
    memorySource(options.initialEntries ?? ['/'], options.initialIndex),
    options.basename ?? '/',
  );
}
