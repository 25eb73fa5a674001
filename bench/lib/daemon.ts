/**
 * The benches' local LXD `bench` (state in /var/lib/lxd-console/bench, kept between runs), started
 * and stopped the same way by every bench script.
 */
import { startLocalLxd, stopLocalLxd, type LxdEnv } from '../../scripts/lib/lxd';

/**
 * LXD 5.0.2 takes about 2 minutes to start with 10,000 instances, and longer when it starts again
 * the containers that were running when it stopped (setup.sh waits 60 s by default).
 */
const READY_TIMEOUT_SECONDS = '600';

/** Starts the bench's LXD serving `uiDir` at /ui; `withBrowser`: a client certificate for Chromium. */
export function startBenchLxd(uiDir: string, options: { withBrowser: boolean }): Promise<LxdEnv> {
  process.env.LXD_READY_TIMEOUT ??= READY_TIMEOUT_SECONDS;
  return startLocalLxd('bench', { uiDir, withBrowser: options.withBrowser, quiet: true });
}

/** Stops it; a failure is logged, not thrown (the bench's figures are already taken). */
export async function stopBenchLxd(log: (line: string) => void): Promise<void> {
  await stopLocalLxd('bench', { quiet: true }).catch((error: unknown) => {
    log(`could not stop the local LXD: ${String(error)}`);
  });
}
