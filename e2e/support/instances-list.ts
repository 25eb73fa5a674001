/** Helpers for the instance list specs. */
import type { LxdApi } from './lxd-api';

/**
 * A project that shares the default project's images and profiles (so an instance can be made
 * from `busybox` with the default root disk and NIC).
 */
export async function createSharingProject(api: LxdApi, name: string) {
  await api.call('POST', '/1.0/projects', {
    name,
    description: 'e2e: instance list across projects',
    config: { 'features.images': 'false', 'features.profiles': 'false' },
  });
}

/** Polls an instance until LXD reports `status` (state changes end asynchronously). */
export async function waitForStatus(
  api: LxdApi,
  name: string,
  status: string,
  project = 'default',
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = (await api.instance(name, project)).status;
    if (current === status) return;
    if (Date.now() > deadline) throw new Error(`${name} is ${current}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a request is the full instance list (`GET /1.0/instances?recursion=1`). */
export function isFullInstanceList(url: URL): boolean {
  return url.pathname === '/1.0/instances' && url.searchParams.get('recursion') === '1';
}
