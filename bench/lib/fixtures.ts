/**
 * The benchmark's instances: project `bench-<N>` holds exactly N stopped busybox containers named
 * inst-00001…; project `bench-soak` holds a few for the event soak. Both use the default
 * project's images and profiles. State is kept between runs, so only what is missing is made.
 */
import { BenchApiError, inParallel, type UnixApi } from './lxd-api';

export const SOAK_PROJECT = 'bench-soak';
/** soak-01 is started and stopped over and over (slow: about 2 s a cycle, and it slows other
 * writes), soak-02…20 get description changes. */
export const SOAK_INSTANCES = 20;
export const SOAK_CYCLED = 1;
const BATCH = 25;

export function projectName(n: number): string {
  return `bench-${n}`;
}

export function instanceName(i: number): string {
  return `inst-${String(i).padStart(5, '0')}`;
}

export function soakInstanceName(i: number): string {
  return `soak-${String(i).padStart(2, '0')}`;
}

interface InstanceSummary {
  name: string;
  status: string;
  description: string;
}

const PROJECT_CONFIG = { 'features.images': 'false', 'features.profiles': 'false' };

async function ensureProject(api: UnixApi, project: string): Promise<void> {
  try {
    await api.get(`/1.0/projects/${project}`);
  } catch (error) {
    if (!(error instanceof BenchApiError) || error.status !== 404) throw error;
    await api.run('POST', '/1.0/projects', {
      name: project,
      description: 'npm run bench',
      config: PROJECT_CONFIG,
    });
  }
}

function q(project: string): string {
  return `project=${encodeURIComponent(project)}`;
}

async function stopForce(api: UnixApi, project: string, name: string): Promise<void> {
  await api.run('PUT', `/1.0/instances/${name}/state?${q(project)}`, {
    action: 'stop',
    force: true,
    timeout: -1,
  });
}

/**
 * Projects above this many instances get containers without a network device: LXD 5.0.2 rewrites
 * the bridge's dnsmasq host list (and checks DNS names against every instance on the bridge) at
 * each creation, so creating them with one slows down with every instance made (1,000: about
 * 12 a second; past 3,000: under 2 a second). The list shows a stopped container the same way.
 */
export const NETWORK_LIMIT = 1000;
const NO_NETWORK = {
  profiles: [] as string[],
  devices: { root: { type: 'disk', path: '/', pool: 'default' } },
};

/**
 * Creates one stopped container; a failure is retried twice (a long creation run must not end on
 * one transient error), and an instance that a failed attempt left behind counts as made.
 */
async function createOnce(
  api: UnixApi,
  project: string,
  name: string,
  log: (line: string) => void,
  withNetwork: boolean,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await api.run('POST', `/1.0/instances?${q(project)}`, {
        name,
        type: 'container',
        source: { type: 'image', alias: 'busybox' },
        ...(withNetwork ? {} : NO_NETWORK),
      });
      return;
    } catch (error) {
      if (error instanceof BenchApiError && /already exists/i.test(error.message)) return;
      if (attempt >= 3) throw error;
      log(`${project}: creating ${name} failed (${String(error)}), retrying`);
      await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
    }
  }
}

/**
 * The bench's containers never start with the daemon: LXD starts again, when it starts, every
 * instance that ran when it stopped (volatile.last_state.power), unless `boot.autostart` is
 * false. After an interrupted bulk bench that was hundreds of containers, for minutes, before
 * the daemon answered. Set on the default project's default profile, which every bench project
 * uses (`features.profiles=false`).
 */
async function noAutostart(api: UnixApi): Promise<void> {
  const profile = await api.get<{ config: Record<string, string> }>('/1.0/profiles/default');
  if (profile.config['boot.autostart'] === 'false') return;
  await api.run('PATCH', '/1.0/profiles/default', { config: { 'boot.autostart': 'false' } });
}

/** Makes `project` hold exactly the instances `names`, all stopped; logs what it changes. */
export async function ensureInstances(
  api: UnixApi,
  project: string,
  names: readonly string[],
  log: (line: string) => void,
): Promise<void> {
  await noAutostart(api);
  await ensureProject(api, project);
  const current = await api.get<InstanceSummary[]>(`/1.0/instances?${q(project)}&recursion=1`);
  const wanted = new Set(names);
  const have = new Set(current.map((i) => i.name));
  const extra = current.filter((i) => !wanted.has(i.name));
  const running = current.filter((i) => wanted.has(i.name) && i.status !== 'Stopped');
  const missing = names.filter((name) => !have.has(name));

  if (extra.length > 0) log(`${project}: deleting ${extra.length} instances that do not belong`);
  await inParallel(extra, BATCH, async (instance) => {
    if (instance.status !== 'Stopped') await stopForce(api, project, instance.name);
    await api.run('DELETE', `/1.0/instances/${instance.name}?${q(project)}`);
  });
  if (running.length > 0) log(`${project}: stopping ${running.length} running instances`);
  await stopAll(api, project);

  // Descriptions with digits could match the filter's fragment: clear them.
  const digits = current.filter((i) => wanted.has(i.name) && /\d/.test(i.description));
  await inParallel(digits, 4, (instance) =>
    api.run('PATCH', `/1.0/instances/${instance.name}?${q(project)}`, { description: '' }),
  );

  if (missing.length === 0) return;
  log(`${project}: creating ${missing.length} instances, ${BATCH} at a time`);
  const started = performance.now();
  let done = 0;
  await inParallel(missing, BATCH, async (name) => {
    await createOnce(api, project, name, log, names.length <= NETWORK_LIMIT);
    done += 1;
    if (done % 100 === 0 || done === missing.length) {
      const s = ((performance.now() - started) / 1000).toFixed(0);
      log(`${project}: created ${done}/${missing.length} (${s} s)`);
    }
  });
}

/** Forced stops at once: with 1,000 running, 25 at once made LXD 5.0.2 time some out (30 s). */
const STOP_BATCH = 8;

/**
 * Stops (forcefully) whatever runs in `project`; used after the soak, the bulk starts and on
 * interruption. A stop LXD gives up on (its 30 s timeout, on a machine loaded by a thousand
 * containers) is tried again, up to three rounds.
 */
export async function stopAll(api: UnixApi, project: string): Promise<void> {
  for (let round = 1; ; round += 1) {
    const current = await api.get<InstanceSummary[]>(`/1.0/instances?${q(project)}&recursion=1`);
    const running = current.filter((i) => i.status !== 'Stopped');
    if (running.length === 0) return;
    const failures: unknown[] = [];
    await inParallel(running, STOP_BATCH, (instance) =>
      stopForce(api, project, instance.name).catch((error: unknown) => {
        failures.push(error);
      }),
    );
    if (failures.length > 0 && round === 3) throw failures[0];
  }
}
