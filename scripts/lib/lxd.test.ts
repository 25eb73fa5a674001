import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isIncusProfile, lxdProfiles, parseEnvFile, withoutDaemonSockets } from './lxd';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('local LXD profiles', () => {
  it('match the table in scripts/lxd/common.sh', () => {
    const shell = readFileSync(path.join(here, '..', 'lxd', 'common.sh'), 'utf8');
    const rows = [...shell.matchAll(/^\s*([\w-]+)\) addr=(\S+) bridge=(\S+) cidr=(\S+) ;;$/gm)].map(
      ([, name, addr, bridge, bridgeCidr]) => [name, { addr, bridge, bridgeCidr }] as const,
    );
    expect(Object.fromEntries(rows)).toEqual(lxdProfiles);
  });

  it('are Incus daemons exactly when named incus…, as common.sh decides', () => {
    const shell = readFileSync(path.join(here, '..', 'lxd', 'common.sh'), 'utf8');
    expect(shell).toContain('case "$NAME" in incus*) PRODUCT=incus ;; esac');
    expect(Object.keys(lxdProfiles).filter(isIncusProfile)).toEqual(['incus', 'incus-dev']);
  });

  it('give every daemon its own port, bridge and subnet', () => {
    const values = Object.values(lxdProfiles);
    for (const key of ['addr', 'bridge', 'bridgeCidr'] as const) {
      expect(new Set(values.map((p) => p[key])).size).toBe(values.length);
    }
    for (const { bridge } of values) expect(bridge.length).toBeLessThanOrEqual(15);
  });
});

describe('parseEnvFile', () => {
  it('reads the export lines setup.sh writes', () => {
    const env = parseEnvFile("export LXD_NAME='dev'\nexport LXD_URL='https://127.0.0.1:18443'\n");
    expect(env.get('LXD_NAME')).toBe('dev');
    expect(env.get('LXD_URL')).toBe('https://127.0.0.1:18443');
  });
});

describe('withoutDaemonSockets', () => {
  it('drops LXD_SOCKET and INCUS_SOCKET, which would override LXD_DIR and INCUS_DIR', () => {
    const env = {
      LXD_SOCKET: '/var/lib/lxd-console/e2e/lxd/unix.socket',
      INCUS_SOCKET: '/var/lib/lxd-console/incus/lxd/unix.socket',
      LXD_DIR: '/var/lib/lxd-console/e2e2/lxd',
      PATH: '/usr/bin',
    };
    expect(withoutDaemonSockets(env)).toEqual({
      LXD_DIR: '/var/lib/lxd-console/e2e2/lxd',
      PATH: '/usr/bin',
    });
    expect(env.LXD_SOCKET).toBe('/var/lib/lxd-console/e2e/lxd/unix.socket');
  });
});

describe('the daemon scripts', () => {
  it('name each daemon by its LXD_DIR alone: LXD_SOCKET and INCUS_SOCKET are unset', () => {
    for (const script of ['../lxd/common.sh', '../cluster/common.sh']) {
      const text = readFileSync(path.join(here, script), 'utf8');
      expect(text).toMatch(/^unset LXD_SOCKET INCUS_SOCKET$/m);
    }
  });
});
