import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isIncusProfile, lxdProfiles, parseEnvFile } from './lxd';

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
