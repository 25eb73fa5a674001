/** Unit tests of the benchmark's own logic: `npx vitest run --config bench/vitest.config.ts`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  test: { include: ['bench/**/*.test.ts'], environment: 'node' },
});
