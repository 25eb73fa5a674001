/**
 * An error meant for the person starting the console server: its message is one clear line,
 * printed without a stack trace (server/main.ts).
 */
export class ConsoleError extends Error {
  override readonly name = 'ConsoleError';
}

/** Node's system errors carry a `code` such as ENOENT or EADDRINUSE. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' ? code : undefined;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
