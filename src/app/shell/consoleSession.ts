import { queryOptions } from '@tanstack/react-query';

/**
 * The console server's own session (server/console-session.ts): who signed in to it, and how.
 * Served by LXD itself (or by a console server without sign-in) the path answers 404: no session.
 */
export const CONSOLE_SESSION_PATH = '/console/session';

/** Signing out of a sign-in session: a form POST, answered with a redirect to the login page. */
export const CONSOLE_LOGOUT_PATH = '/console/logout';

export interface ConsoleSession {
  user: string;
  /** password (--auth-users), certificate, or oidc (the console server's single sign-on). */
  method: 'password' | 'certificate' | 'oidc';
}

const METHODS: readonly unknown[] = ['password', 'certificate', 'oidc'];

function isConsoleSession(value: unknown): value is ConsoleSession {
  if (typeof value !== 'object' || value === null) return false;
  const { user, method } = value as Record<string, unknown>;
  return typeof user === 'string' && METHODS.includes(method);
}

/** The session, or null when there is none to sign out of (404, any other answer). */
export async function fetchConsoleSession(signal?: AbortSignal): Promise<ConsoleSession | null> {
  const response = await fetch(CONSOLE_SESSION_PATH, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) return null;
  try {
    const body: unknown = await response.json();
    return isConsoleSession(body) ? body : null;
  } catch {
    return null;
  }
}

/** Asked once per page: a session's kind does not change while the page is open. */
export const consoleSessionQuery = queryOptions({
  queryKey: ['console-session'] as const,
  queryFn: ({ signal }) => fetchConsoleSession(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
