import { defineConfig, devices } from '@playwright/test';
import type { ServerUnderTest } from './e2e/fixtures';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  CLUSTER_CONSOLE_URL,
  CONSOLE_URL,
  INCUS_URL,
  LXD_URL,
  REMOTES_CONSOLE_URL,
  certs,
  incusCerts,
} from './e2e/support/env';

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1400, height: 900 },
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

/** Spec files that belong to the projects other than `console` (and `incus`'s own files). */
const OTHER_PROJECTS_SPECS = [
  /\.api\.spec\.ts$/,
  /\.lxd-ui\.spec\.ts$/,
  /\.load\.spec\.ts$/,
  /\.bulk\.spec\.ts$/,
  /\.disruptive\.spec\.ts$/,
  /\.cluster(-disruptive)?\.spec\.ts$/,
  /\.remotes\.spec\.ts$/,
  /\.journal\.spec\.ts$/,
];

/** The projects that share the machine; `bulk`, then `load`, then `disruptive` run after them. */
const PARALLEL_PROJECTS = [
  'api',
  'console',
  'lxd-ui',
  'incus',
  'cluster',
  'cluster-disruptive',
  'remotes',
  'journal',
];

export default defineConfig<{ server: ServerUnderTest }>({
  testDir: './e2e/specs',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: a real LXD on 2 shared cores has rare timing flakes; Playwright still
  // reports a test that needed the retry as flaky, and locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Tests of several axe scans took 48–66 s at load average 13 (2 workers beside the cluster, the
  // Incus daemon and the journal's servers), and three timed out at 60 s in one run.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/support/summary-reporter.ts']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'api',
      testMatch: /\.api\.spec\.ts$/,
    },
    {
      name: 'console',
      testMatch: /\.spec\.ts$/,
      testIgnore: [...OTHER_PROJECTS_SPECS, /\.incus\.spec\.ts$/],
      use: { ...chromium, baseURL: CONSOLE_URL },
    },
    {
      // Straight to LXD's own /ui with the browser's client certificate, as in production.
      name: 'lxd-ui',
      testMatch: /\.lxd-ui\.spec\.ts$/,
      use: {
        ...chromium,
        baseURL: LXD_URL,
        ignoreHTTPSErrors: true,
        clientCertificates: [
          { origin: LXD_URL, certPath: certs.admin.cert, keyPath: certs.admin.key },
        ],
      },
    },
    {
      // The real three-member LXD cluster (scripts/cluster/up.sh) through its own console server.
      name: 'cluster',
      testMatch: /\.cluster\.spec\.ts$/,
      use: { ...chromium, baseURL: CLUSTER_CONSOLE_URL },
    },
    {
      // Cluster tests that stop a member or evacuate one: after the other cluster tests.
      name: 'cluster-disruptive',
      testMatch: /\.cluster-disruptive\.spec\.ts$/,
      dependencies: ['cluster'],
      use: { ...chromium, baseURL: CLUSTER_CONSOLE_URL },
    },
    {
      // A console server with several remotes: the e2e LXD (default), Incus, the cluster and an
      // unreachable one (global-setup.ts); needs the cluster and Incus of the run.
      name: 'remotes',
      testMatch: /\.remotes\.spec\.ts$/,
      use: { ...chromium, baseURL: REMOTES_CONSOLE_URL },
    },
    {
      // The activity journal (issue #33): console servers of the spec's own, with the embedded
      // journal and with a PostgreSQL server the spec starts, in front of the e2e LXD.
      name: 'journal',
      testMatch: /\.journal\.spec\.ts$/,
      use: { ...chromium },
    },
    {
      // The same build served by a real Incus 6.0 daemon (INCUS_UI), to a browser holding the
      // admin client certificate, as in production (scripts/lxd/setup.sh incus).
      // It runs the core specs' tests tagged @incus (INCUS in e2e/fixtures.ts) and *.incus.spec.ts.
      name: 'incus',
      testMatch: /\.spec\.ts$/,
      testIgnore: OTHER_PROJECTS_SPECS,
      grep: /@incus/,
      use: {
        ...chromium,
        server: 'incus',
        baseURL: INCUS_URL,
        ignoreHTTPSErrors: true,
        clientCertificates: [
          { origin: INCUS_URL, certPath: incusCerts.admin.cert, keyPath: incusCerts.admin.key },
        ],
      },
    },
    {
      // The bulk queue's spec starts and stops 30 containers twice and counts LXD's running
      // operations: alone, after the parallel projects, so that its load does not slow the
      // others' axe scans past their time (it did in a run at load 14), nor theirs its count.
      name: 'bulk',
      testMatch: /\.bulk\.spec\.ts$/,
      dependencies: PARALLEL_PROJECTS,
      use: { ...chromium, baseURL: CONSOLE_URL },
    },
    {
      // Timings under a load the test makes itself (a stream of events from containers started
      // and stopped in a loop): alone, after every project but `disruptive`, so that the budget
      // measures the console, not other tests' work on this machine's two cores.
      name: 'load',
      testMatch: /\.load\.spec\.ts$/,
      dependencies: [...PARALLEL_PROJECTS, 'bulk'],
      use: { ...chromium, baseURL: CONSOLE_URL },
    },
    {
      // Tests that stop the shared LXD daemon: they run alone, once every other project is done.
      name: 'disruptive',
      testMatch: /\.disruptive\.spec\.ts$/,
      dependencies: ['api', 'console', 'lxd-ui', 'bulk', 'load'],
      use: { ...chromium, baseURL: CONSOLE_URL },
    },
  ],
});
