import type { LxdServer } from '../../../lxd/types/server';

/** Where console bugs are reported (package.json `bugs`); undefined: this build names none. */
export const BUG_TRACKER_URL = __CONSOLE_BUILD__.bugsUrl ?? undefined;

/** The console's version, package.json's `version` at build time. */
export const CONSOLE_VERSION = __CONSOLE_BUILD__.version;

export interface BugReportFacts {
  consoleVersion: string;
  /** GET /1.0's answer, undefined while it is asked for or when it failed. */
  server: Pick<LxdServer, 'api_extensions' | 'environment'> | undefined;
  /** Why the server is unknown: GET /1.0's error message. */
  serverError?: string | undefined;
  userAgent: string;
  /** The page's address path, `/ui/…`. */
  path: string;
  /** The error the screen shows, if any. */
  error?: string | undefined;
}

function serverLine({ server, serverError }: BugReportFacts): string {
  if (!server) {
    return serverError ? `unknown (GET /1.0 failed: ${serverError})` : 'unknown (still asking)';
  }
  const kind = server.environment?.server ?? 'unknown server';
  const version = server.environment?.server_version ?? 'unknown version';
  return `${kind} ${version}, ${server.api_extensions.length} API extensions`;
}

/** The text users copy into a bug report: what the console knows, then room for theirs. */
export function bugReportText(facts: BugReportFacts): string {
  const lines = [
    `Console version: ${facts.consoleVersion}`,
    `Server: ${serverLine(facts)}`,
    `Browser: ${facts.userAgent}`,
    `Page: ${facts.path}`,
  ];
  if (facts.error) lines.push(`Error: ${facts.error}`);
  lines.push('', 'What I did, what I expected, and what happened instead:', '');
  return lines.join('\n');
}
