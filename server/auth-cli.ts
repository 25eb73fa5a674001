/**
 * `tsx server/main.ts hash-password`: reads a password on stdin (without echo on a terminal)
 * and prints the `scrypt$…` hash to put after "<user>:" in the --auth-users file.
 */
import { hashPassword } from './auth-password';
import { ConsoleError } from './errors';

function readPiped(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    stdin.once('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r?\n$/, ''),
      ),
    );
    stdin.once('error', reject);
  });
}

/** Reads one line from a terminal without echoing it. */
function readHidden(stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): Promise<string> {
  stderr.write('Password: ');
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let password = '';
    const done = (error?: Error): void => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(password);
    };
    const onData = (chunk: Buffer): void => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          done();
          return;
        }
        if (char === '\u0003') {
          done(new ConsoleError('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') password = password.slice(0, -1);
        else password += char;
      }
    };
    stdin.on('data', onData);
  });
}

export async function hashPasswordCommand(args: readonly string[]): Promise<void> {
  if (args.length > 0) {
    throw new ConsoleError('hash-password takes no arguments: it reads the password on stdin');
  }
  const password = process.stdin.isTTY
    ? await readHidden(process.stdin, process.stderr)
    : await readPiped(process.stdin);
  if (password === '') throw new ConsoleError('no password given on stdin');
  process.stdout.write(`${await hashPassword(password)}\n`);
}
