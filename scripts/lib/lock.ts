/**
 * One e2e run at a time per machine: the e2e LXD and console server use fixed ports. A second
 * run waits for the first (the lock file holds the owner's pid; a dead owner's lock is taken over).
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function acquireLock(file: string, timeoutMs = 15 * 60_000): Promise<() => void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        rmSync(file, { force: true });
      };
    } catch {
      const owner = Number(readFileSync(file, 'utf8').trim() || '0');
      if (!owner || !alive(owner)) {
        rmSync(file, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another e2e run (pid ${owner}) holds ${file}`);
      if (!announced) {
        process.stderr.write(`Waiting for another e2e run (pid ${owner}) to finish…\n`);
        announced = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
