/**
 * Test fixtures: `lxd` (the admin API client for setup and checks), `uniqueName` and `track`
 * (instances created by a test are deleted after it, whatever the outcome).
 */
import { test as base, expect } from '@playwright/test';
import { LxdApi } from './support/lxd-api';

let counter = 0;

/** A name unique across runs and workers: letter first, only letters, digits and hyphens. */
export function uniqueName(prefix: string): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-5);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}-${stamp}${random}${counter}`.slice(0, 63);
}

interface Fixtures {
  lxd: LxdApi;
  /** Register an instance for deletion after the test. */
  track: (name: string, project?: string) => string;
}

export const test = base.extend<Fixtures>({
  lxd: async ({}, use) => {
    const api = await LxdApi.open('admin');
    await use(api);
    await api.dispose();
  },
  track: async ({ lxd }, use) => {
    const created: { name: string; project: string }[] = [];
    await use((name, project = 'default') => {
      created.push({ name, project });
      return name;
    });
    for (const { name, project } of created.reverse()) {
      await lxd.deleteInstance(name, project);
    }
  },
});

export { expect };
