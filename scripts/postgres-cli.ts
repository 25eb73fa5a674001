/**
 * tsx scripts/postgres-cli.ts install|start|stop|wipe|url [name] [--port N] [--fresh]
 *
 *   install  install Debian's postgresql package if it is missing (nothing is started)
 *   start  start (or restart) the named local PostgreSQL, installing Debian's postgresql package
 *          if needed; it keeps running after this command (stop it with `stop`)
 *   stop   stop it (fast shutdown), keeping its data
 *   wipe   stop it and delete its directory
 *   url    print its URL
 *
 * name defaults to `dev`. Each prints the server's URL. Errors are one line on stderr (the
 * server log's tail below it) and a non-zero exit status.
 */
import path from 'node:path';
import {
  PostgresError,
  ensurePostgresInstalled,
  postgresServer,
  startPostgres,
} from './lib/postgres.ts';

const USAGE = 'usage: postgres-cli.ts install|start|stop|wipe|url [name] [--port N] [--fresh]';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let port: number | undefined;
  let fresh = false;
  const names: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--fresh') fresh = true;
    else if (arg === '--port') port = Number(rest[++i]);
    else if (arg.startsWith('--port=')) port = Number(arg.slice('--port='.length));
    else if (arg.startsWith('-') || names.length > 0) throw new PostgresError(USAGE);
    else names.push(arg);
  }
  const name = names[0] ?? 'dev';
  switch (command) {
    case 'install': {
      const major = await ensurePostgresInstalled();
      process.stdout.write(`PostgreSQL ${String(major)} is installed\n`);
      return;
    }
    case 'start': {
      const server = await startPostgres(name, { port, fresh, keepRunning: true });
      process.stdout.write(
        `PostgreSQL '${name}' is up at ${server.url} (pid ${server.pid}, log ${path.join(server.dir, 'postgres.log')})\n`,
      );
      return;
    }
    case 'stop': {
      const server = postgresServer(name, { port });
      await server.stop();
      process.stdout.write(`PostgreSQL '${name}' (${server.url}) is stopped\n`);
      return;
    }
    case 'wipe': {
      const server = postgresServer(name, { port });
      await server.wipe();
      process.stdout.write(
        `PostgreSQL '${name}' (${server.url}) is stopped and ${server.dir} deleted\n`,
      );
      return;
    }
    case 'url':
      process.stdout.write(`${postgresServer(name, { port }).url}\n`);
      return;
    default:
      throw new PostgresError(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof PostgresError
      ? error.message
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  process.stderr.write(`postgres: error: ${message}\n`);
  process.exitCode = 1;
});
