import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { consoleBuildDefine } from './scripts/build-info.ts';

export default defineConfig({
  plugins: [react()],
  define: consoleBuildDefine(),
  test: {
    // Key generation and spawned servers are slow on a loaded 2-core machine.
    testTimeout: 30_000,
    // Vitest's default leaves one core to itself (one worker on 2 cores); the workers wait on
    // jsdom and I/O often enough that one per core is faster (measured: 101 s -> 65 s for
    // src/features/instances on 2 cores; 3 workers were no faster).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/support/**/*.test.ts',
            // The benchmark's own logic (budgets, probe, bundle maps); it needs no LXD.
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
    ],
  },
});
