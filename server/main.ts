/**
 * CLI entry of the console server: `tsx server/main.ts [options]` (see --help).
 * Prints one line when it is up, or one line on stderr and exit code 1 when it cannot start.
 */
import { createConsoleServer, type ConsoleServer } from './app';
import { hashPasswordCommand } from './auth-cli';
import {
  PROCESS_SESSIONS_NOTE,
  SHARED_IDENTITY_NOTE,
  USAGE,
  hasAuth,
  parseConfig,
  wantsHelp,
} from './config';
import { ConsoleError, errorMessage } from './errors';

function fail(error: unknown): never {
  const message = errorMessage(error).split('\n')[0] ?? '';
  const prefix = error instanceof ConsoleError ? '' : 'unexpected error: ';
  process.stderr.write(`lxd-console: ${prefix}${message}\n`);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'hash-password') {
    await hashPasswordCommand(argv.slice(1));
    return;
  }
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE);
    return;
  }
  const config = parseConfig(argv, process.env);
  const server: ConsoleServer = createConsoleServer(config);
  const { url, lxdVersion, remotes } = await server.listen();
  const lxd = config.lxd.kind === 'socket' ? config.lxd.path : config.lxd.url;
  process.stdout.write(`Console: ${url} -> LXD ${lxd} (LXD ${lxdVersion})\n`);
  if (config.remotes !== undefined) {
    const [first, ...others] = remotes;
    process.stdout.write(
      `Remotes: ${[`${first ?? ''} (the LXD above, also at /1.0)`, ...others].join(', ')}, each at /remote/NAME/1.0\n`,
    );
  }
  // With signed-in users, say whose LXD identity they act with (one person alone needs no note).
  if (hasAuth(config) && config.identities === undefined) {
    process.stdout.write(`${SHARED_IDENTITY_NOTE}\n`);
  }
  const oidc = config.auth?.oidc;
  if (oidc !== undefined) {
    process.stdout.write(
      `Single sign-on: ${oidc.issuer} (user from the "${oidc.claim}" claim), back at ${oidc.redirectUrl}\n`,
    );
  }
  const signsIn = config.auth?.users !== undefined || oidc !== undefined;
  if (signsIn && config.auth?.sessionSecret === undefined) {
    process.stdout.write(`${PROCESS_SESSIONS_NOTE}\n`);
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main(process.argv.slice(2)).catch(fail);
