import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import { migrationRefusal, otherRemotes, STOP_FIRST } from './migration';
import type { ConsoleRemote } from './remotes';

const remote = (over: Partial<ConsoleRemote>): ConsoleRemote => ({
  name: 'r',
  default: false,
  url: '',
  state: 'online',
  kind: 'lxd',
  version: '5.0.2',
  clustered: false,
  ...over,
});

const local = remote({ name: 'local', default: true });
const incus = remote({ name: 'incus', kind: 'incus', version: '6.0.4' });
const cluster = remote({ name: 'cluster', clustered: true });
const gone = remote({ name: 'gone', state: 'unreachable', kind: null, version: null });
const locked = remote({ name: 'locked', state: 'untrusted', kind: null });

afterEach(() => {
  setCurrentRemote(null);
});

describe('migrationRefusal', () => {
  it('refuses between LXD and Incus, either way, for instances and volumes', () => {
    expect(migrationRefusal(local, incus)).toBe(
      'LXD and Incus servers cannot migrate instances to each other',
    );
    expect(migrationRefusal(incus, local, 'volumes')).toBe(
      'LXD and Incus servers cannot migrate volumes to each other',
    );
  });

  it('refuses a remote that is not online, with its state', () => {
    expect(migrationRefusal(local, gone)).toBe(
      'Server gone is unreachable: it cannot receive instances',
    );
    expect(migrationRefusal(local, locked, 'volumes')).toBe(
      'Server locked is untrusted: it cannot receive volumes',
    );
  });

  it('accepts an online server of the same kind, and says nothing before a choice', () => {
    expect(migrationRefusal(local, cluster)).toBeUndefined();
    expect(migrationRefusal(local, undefined)).toBeUndefined();
  });

  it('names the reason a running instance is refused', () => {
    expect(STOP_FIRST).toBe(
      'Stop the instance first: live migration between servers is not offered',
    );
  });
});

describe('otherRemotes', () => {
  it("lists every remote but the page's own (the default one on plain addresses)", () => {
    const all = [local, incus, cluster, gone];
    expect(otherRemotes(all).source).toBe(local);
    expect(otherRemotes(all).others.map((entry) => entry.name)).toEqual([
      'incus',
      'cluster',
      'gone',
    ]);
    setCurrentRemote('cluster');
    expect(otherRemotes(all).source).toBe(cluster);
    expect(otherRemotes(all).others.map((entry) => entry.name)).toEqual(['local', 'incus', 'gone']);
  });

  it('offers nothing with one server or when LXD serves the console', () => {
    expect(otherRemotes([local]).others).toEqual([]);
    expect(otherRemotes(null).others).toEqual([]);
  });
});
