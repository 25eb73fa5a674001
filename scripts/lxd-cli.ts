/**
 * tsx scripts/lxd-cli.ts start|stop|wipe|env|token [name] [token-client-name]
 *
 *   start  start (or re-check) the named local LXD; WITH_BROWSER=1 also installs chromium
 *   stop   stop it, keeping its state
 *   wipe   stop it and delete its state directory
 *   env    print its environment as `export KEY='value'` lines (for eval)
 *   token  print a fresh trust token (client name defaults to console-token-<time>)
 *
 * name defaults to `dev`. Errors are one line on stderr and a non-zero exit status.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LxdError,
  createTrustToken,
  readLxdEnv,
  startLocalLxd,
  stateDir,
  stopLocalLxd,
  wipeLocalLxd,
} from './lib/lxd.ts';

const USAGE = 'usage: lxd-cli.ts start|stop|wipe|env|token [name] [token-client-name]';

async function main(argv: string[]): Promise<void> {
  const [command, name = 'dev', clientName] = argv;
  switch (command) {
    case 'start': {
      const env = await startLocalLxd(name, { withBrowser: process.env.WITH_BROWSER === '1' });
      process.stdout.write(
        `LXD '${env.name}' is up at ${env.url} (env: ${path.join(stateDir(name), 'env')})\n`,
      );
      return;
    }
    case 'stop':
      await stopLocalLxd(name);
      return;
    case 'wipe':
      await wipeLocalLxd(name);
      return;
    case 'env': {
      if (!readLxdEnv(name))
        throw new LxdError(`LXD '${name}' has not been set up: run lxd-cli.ts start ${name}`);
      process.stdout.write(
        readFileSync(path.join(stateDir(name), 'env'), 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('export '))
          .join('\n') + '\n',
      );
      return;
    }
    case 'token': {
      const env = readLxdEnv(name);
      if (!env)
        throw new LxdError(`LXD '${name}' has not been set up: run lxd-cli.ts start ${name}`);
      const token = await createTrustToken(env, clientName ?? `console-token-${Date.now()}`);
      process.stdout.write(`${token}\n`);
      return;
    }
    default:
      throw new LxdError(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof LxdError
      ? error.message
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  process.stderr.write(`lxd: error: ${message.split('\n')[0] ?? ''}\n`);
  process.exitCode = 1;
});
