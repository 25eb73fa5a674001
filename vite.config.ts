import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { consoleBuildDefine } from './scripts/build-info.ts';
import { cspPlugin } from './scripts/vite-csp.ts';
import { purgeCssPlugin } from './scripts/vite-purge-css.ts';
import { routePreloadPlugin } from './scripts/vite-route-preload.ts';

/** Where `npm run dev` sends API calls: the console server that fronts the local LXD. */
const apiTarget = process.env.CONSOLE_API_TARGET ?? 'http://127.0.0.1:8407';

export default defineConfig({
  base: '/ui/',
  define: consoleBuildDefine(),
  plugins: [react(), purgeCssPlugin(), routePreloadPlugin(), cspPlugin()],
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'if-function'] },
    },
  },
  build: {
    outDir: 'build/ui',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      checks: { pluginTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries and shared code every screen needs, the instance list first: one
              // file instead of a dozen small shared chunks (each compresses worse alone).
              // The bench's first-screen figures check it. The event stream's code is not in
              // it: it loads after the first screen (src/shared/events/engine.ts). It holds the
              // instances' data layer (their root files: keys, the list's loader, window fetch,
              // events and queries), which the list and the instance page share: apart, it
              // would make small chunks of its own on the first screen.
              name: 'common',
              test: /node_modules\/(react|scheduler|@tanstack)\/|src\/(lxd\/(client|early|errors|operations)\.ts|shared\/(routing|query|auth|permissions|notifications|format|ui\/list)\/|shared\/pages\/bulk\.ts|features\/[^/]+\/events\.ts|features\/instances\/(keys|list-item|listData|limiter|list-load|list-window|applyInstanceEvent|queries)\.ts)/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/1.0': { target: apiTarget, ws: true, changeOrigin: true },
      // A console server's other remotes (src/lxd/remote.ts): /remote/{name}/1.0/….
      '/remote': { target: apiTarget, ws: true, changeOrigin: true },
      '/oidc': { target: apiTarget, changeOrigin: true },
      '/documentation': { target: apiTarget, changeOrigin: true },
      // The console server's own endpoints (remote image servers' simplestreams files).
      '/console': { target: apiTarget, changeOrigin: true },
    },
  },
});
