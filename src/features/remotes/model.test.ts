import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import type { NavEntry } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import {
  hasSwitcher,
  pageRemoteName,
  remoteFacts,
  remoteProduct,
  remoteSectionPath,
  remoteUrl,
} from './model';
import type { ConsoleRemote } from './remotes';

const remote = (over: Partial<ConsoleRemote>): ConsoleRemote => ({
  name: 'local',
  default: false,
  url: 'https://h:8443',
  state: 'online',
  kind: 'lxd',
  version: '5.0.2',
  clustered: false,
  ...over,
});

const local = remote({ default: true });
const incus = remote({ name: 'incus', kind: 'incus', version: '6.0.4', clustered: true });

afterEach(() => {
  setCurrentRemote(null);
});

describe('what the switcher says of a remote', () => {
  it('names the product and version', () => {
    expect(remoteProduct(local)).toBe('LXD 5.0.2');
    expect(remoteProduct(incus)).toBe('Incus 6.0.4');
    expect(remoteProduct({ kind: null, version: '5.21' })).toBe('5.21');
    expect(remoteProduct({ kind: null, version: null })).toBe('');
  });

  it('lists the state, the product and "clustered"', () => {
    expect(remoteFacts(local)).toEqual(['online', 'LXD 5.0.2']);
    expect(remoteFacts(incus)).toEqual(['online', 'Incus 6.0.4', 'clustered']);
    expect(
      remoteFacts(remote({ state: 'unreachable', kind: null, version: null, clustered: null })),
    ).toEqual(['unreachable']);
  });
});

describe('the switcher', () => {
  it('is offered with more than one remote, never without a list', () => {
    expect(hasSwitcher([local, incus])).toBe(true);
    expect(hasSwitcher([local])).toBe(false);
    expect(hasSwitcher(null)).toBe(false);
    expect(hasSwitcher(undefined)).toBe(false);
  });

  it('is offered on a named remote, to get back', () => {
    expect(hasSwitcher([local], 'incus')).toBe(true);
    expect(hasSwitcher([], 'incus')).toBe(false);
  });

  it("names the page's remote: the named one, else the default", () => {
    expect(pageRemoteName([incus, local])).toBe('local');
    setCurrentRemote('incus');
    expect(pageRemoteName([incus, local])).toBe('incus');
  });
});

describe('choosing another remote', () => {
  const entries: NavEntry[] = [
    { id: 'instances', label: 'Instances', scope: 'project', order: 10, to: paths.instances },
    { id: 'profiles', label: 'Profiles', scope: 'project', order: 20, to: paths.profiles },
    { id: 'operations', label: 'Operations', scope: 'global', order: 30, to: paths.operations },
  ];

  it('keeps the section, in project default', () => {
    expect(remoteSectionPath(entries, 'instances')).toBe('/project/default/instances');
    expect(remoteSectionPath(entries, 'profiles')).toBe('/project/default/profiles');
  });

  it('keeps a global section as it is', () => {
    expect(remoteSectionPath(entries, 'operations')).toBe('/operations');
  });

  it('goes to the instances of default from a screen without a section', () => {
    expect(remoteSectionPath(entries, undefined)).toBe('/project/default/instances');
    expect(remoteSectionPath([], 'unknown')).toBe('/project/default/instances');
  });

  it("leads to the default remote's plain /ui address, and under /ui/remote/{name} to others", () => {
    setCurrentRemote('incus');
    expect(remoteUrl(local, '/project/default/instances')).toBe('/ui/project/default/instances');
    expect(remoteUrl(incus, '/operations')).toBe('/ui/remote/incus/operations');
    expect(remoteUrl(remote({ name: 'lab 2' }), '/operations')).toBe(
      '/ui/remote/lab%202/operations',
    );
  });
});
