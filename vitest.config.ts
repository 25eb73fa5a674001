import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { consoleBuildDefine } from './scripts/build-info.ts';

export default defineConfig({
  plugins: [react()],
  define: consoleBuildDefine(),
  test: {
    // Key generation and spawned servers are slow on a loaded 2-core machine.
    testTimeout: 30_000,
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
