/** Builds the console for a benchmark into its own directory (never build/ui: no race with e2e). */
import { spawnSync } from 'node:child_process';

/** `vite build` into `uiDir`; returns the seconds it took. */
export function buildConsole(root: string, uiDir: string, log: (line: string) => void): number {
  log(`building the console into ${uiDir}`);
  const started = performance.now();
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', uiDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  return (performance.now() - started) / 1000;
}
