import type { ReactNode } from 'react';
import { Link } from '../../../shared/routing/router';
import { ReportBugButton } from '../bugReport/ReportBugButton';

function ErrorScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title" className="p-heading--3">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** "report a bug" inside a sentence: opens the bug report dialog with the screen's error. */
function ReportBug({ error }: { error: string }) {
  return (
    <ReportBugButton className="p-button--link" error={error}>
      report a bug
    </ReportBugButton>
  );
}

export function NotFoundScreen() {
  return (
    <ErrorScreen title="Page not found">
      <p>Sorry, we cannot find the page that you are looking for.</p>
      <p>
        If you followed a link inside the console, please <ReportBug error="Page not found" />.{' '}
        <Link to="/">Go to the start page</Link>.
      </p>
    </ErrorScreen>
  );
}

export function ProjectNotFoundScreen({ project }: { project: string }) {
  return (
    <ErrorScreen title="Project not found">
      <p>The project is missing or you do not have the viewer permission for it.</p>
      <p>
        Project: <code>{project}</code>. <Link to="/">Go to your default project</Link>.
      </p>
    </ErrorScreen>
  );
}

export function MissingProjectScreen() {
  return (
    <ErrorScreen title="Missing project">
      <p>This page needs a project in its address.</p>
      <p>
        <Link to="/">Go to your default project</Link>.
      </p>
    </ErrorScreen>
  );
}

export function AuthenticationFailedScreen({
  error,
  onLogout,
}: {
  error: string;
  onLogout: () => void;
}) {
  return (
    <ErrorScreen title="Authentication failed">
      <p>{error}</p>
      <button type="button" className="p-button--positive" onClick={onLogout}>
        Logout
      </button>
    </ErrorScreen>
  );
}

/** Messages browsers give when a lazily loaded chunk cannot be fetched. */
export function isModuleLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

const MODULE_RELOAD_KEY = 'lxd-console:module-reload';
/** Within this time after an automatic reload, a failed load is explained instead. */
export const MODULE_RELOAD_WINDOW_MS = 60_000;

/**
 * Whether a failed screen load should reload the page (and remember when it did). The browser
 * keeps a failed module import failed for the page's lifetime (retrying the import does not
 * fetch again), so a load that failed on a passing network hiccup (net::ERR_NETWORK_CHANGED,
 * for example when the host's interfaces change) only recovers with a reload. One automatic
 * reload a minute at most: a load that keeps failing is explained.
 */
export function reloadForModuleLoad(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  now: number = Date.now(),
): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(MODULE_RELOAD_KEY) ?? 0);
    if (now - last < MODULE_RELOAD_WINDOW_MS) return false;
    storage.setItem(MODULE_RELOAD_KEY, String(now));
    return true;
  } catch {
    // Storage refused (private mode, quota): explain instead of risking a reload loop.
    return false;
  }
}

export function ModuleLoadFailedScreen() {
  return (
    <ErrorScreen title="Failed to load module">
      <p>
        A part of the console could not be loaded, even after several attempts. The network
        connection may have dropped, or the console may have been updated on the server since this
        page was opened.
      </p>
      <p>Check your network connection and refresh the page.</p>
      <button type="button" className="p-button" onClick={() => window.location.reload()}>
        Refresh the page
      </button>
    </ErrorScreen>
  );
}

export function GenericErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <ErrorScreen title="Something has gone wrong">
      <p>
        An unexpected error stopped this screen. Please <ReportBug error={message} /> with the
        details below.
      </p>
      <p>
        <strong>Error:</strong> {message}
      </p>
      {stack && (
        <details>
          <summary>Stack trace</summary>
          <pre className="error-stack">{stack}</pre>
        </details>
      )}
    </ErrorScreen>
  );
}
