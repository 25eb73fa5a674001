import { describe, expect, it } from 'vitest';
import type { LxdConfigMetadata } from '../../lxd/types/config-metadata';
import {
  buildRows,
  categoryLabel,
  cleanDefault,
  effectiveBool,
  settingMatcher,
  type SettingRow,
  groupRows,
  isSecretKey,
  resetValue,
  optionsFromCatalogue,
  optionsFromMetadata,
  withConsoleKeys,
} from './options';

const EXTENSIONS_502 = [
  'clustering',
  'metrics',
  'metrics_authentication',
  'network_bgp',
  'network_type_ovn',
];

describe('secrets', () => {
  it.each([
    ['core.trust_password', true],
    ['loki.auth.password', true],
    ['oidc.client.secret', true],
    ['user.my_secret_token', true],
    ['maas.api.key', true],
    ['core.https_address', false],
    ['user.ui_title', false],
  ])('%s is secret: %s', (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });
});

describe('defaults from metadata', () => {
  it.each([
    ['`gzip`', 'gzip'],
    ['`true`', 'true'],
    ['-', ''],
    [undefined, ''],
    ['Host name', 'Host name'],
  ])('%s → %s', (input, output) => {
    expect(cleanDefault(input)).toBe(output);
  });
});

describe('catalogue (servers without option metadata)', () => {
  it('offers only keys whose API extension the server lists', () => {
    const keys = optionsFromCatalogue(EXTENSIONS_502).map((o) => o.key);
    expect(keys).toContain('core.https_address');
    expect(keys).toContain('core.metrics_authentication');
    expect(keys).toContain('network.ovn.northbound_connection');
    expect(keys).toContain('cluster.offline_threshold');
    expect(keys).not.toContain('instances.migration.stateful');
    expect(keys).not.toContain('loki.api.url');
    const newer = optionsFromCatalogue([...EXTENSIONS_502, 'instances_migration_stateful']);
    expect(newer.map((o) => o.key)).toContain('instances.migration.stateful');
  });

  it('keeps types, defaults, scopes and limits', () => {
    const options = optionsFromCatalogue(EXTENSIONS_502);
    const byKey = new Map(options.map((o) => [o.key, o]));
    expect(byKey.get('core.https_address')).toMatchObject({ type: 'string', scope: 'local' });
    expect(byKey.get('images.auto_update_cached')).toMatchObject({ type: 'bool', default: 'true' });
    expect(byKey.get('images.remote_cache_expiry')).toMatchObject({
      type: 'integer',
      default: '10',
      min: 0,
      category: 'images',
    });
    expect(byKey.get('core.trust_password')?.secret).toBe(true);
  });

  it('always adds the console keys', () => {
    const options = withConsoleKeys(optionsFromCatalogue([]));
    expect(options.find((o) => o.key === 'user.ui_title')).toMatchObject({
      category: 'user',
      type: 'string',
    });
  });
});

const METADATA: LxdConfigMetadata = {
  configs: {
    server: {
      core: {
        keys: [
          {
            'core.https_address': {
              shortdesc: 'Address to bind for the remote API (HTTPS)',
              type: 'string',
              scope: 'local',
            },
          },
          {
            'core.shutdown_timeout': { defaultdesc: '`5`', shortdesc: 'Minutes', type: 'integer' },
          },
        ],
      },
      miscellaneous: {
        keys: [
          { 'images.auto_update_cached': { defaultdesc: '`true`', type: 'bool' } },
          { 'user.*': { shortdesc: 'Free form user key/value storage', type: 'string' } },
        ],
      },
    },
    instance: { resource: { keys: [{ 'limits.cpu': { type: 'string' } }] } },
  },
};

describe('metadata (GET /1.0/metadata/configuration)', () => {
  it('reads the server entity only, skipping wildcard keys', () => {
    const options = optionsFromMetadata(METADATA);
    expect(options.map((o) => o.key)).toEqual([
      'core.https_address',
      'core.shutdown_timeout',
      'images.auto_update_cached',
    ]);
    expect(options[0]).toMatchObject({ category: 'core', scope: 'local', secret: false });
    expect(options[1]).toMatchObject({ type: 'integer', default: '5', scope: undefined });
    expect(options[2]).toMatchObject({ category: 'miscellaneous', type: 'bool', default: 'true' });
  });

  it('takes scopes and limits the metadata lacks from the catalogue', () => {
    const options = withConsoleKeys(optionsFromMetadata(METADATA));
    expect(options.find((o) => o.key === 'core.shutdown_timeout')).toMatchObject({
      scope: 'global',
      min: 0,
    });
    expect(options.some((o) => o.key === 'user.ui_title')).toBe(true);
  });
});

describe('rows', () => {
  const options = withConsoleKeys(optionsFromCatalogue(EXTENSIONS_502));

  it('joins values, hidden secrets and unknown keys', () => {
    const rows = buildRows(options, {
      'core.https_address': '127.0.0.1:8443',
      'core.trust_password': true,
      'user.team': 'blue',
    });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get('core.https_address')).toMatchObject({ isSet: true, isCustom: false });
    expect(byKey.get('core.trust_password')).toMatchObject({ value: true, isSet: true });
    expect(byKey.get('user.team')).toMatchObject({
      category: 'user',
      isCustom: true,
      isUserKey: true,
      value: 'blue',
    });
    expect(byKey.get('user.ui_title')).toMatchObject({ isSet: false, isCustom: false });
  });

  it('reads local options from the chosen member', () => {
    const rows = buildRows(
      options,
      { 'core.https_address': '10.0.0.1:8443', 'images.remote_cache_expiry': '3' },
      { 'core.https_address': '10.0.0.2:8443', 'images.remote_cache_expiry': '9' },
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get('core.https_address')?.value).toBe('10.0.0.2:8443');
    expect(byKey.get('images.remote_cache_expiry')?.value).toBe('3');
  });

  it('groups by category in a fixed order with the user keys last', () => {
    const rows = buildRows(options, { 'user.zzz': 'x', 'candid.api.url': 'https://c' });
    const groups = groupRows(rows);
    expect(groups[0]?.label).toBe('Core');
    expect(groups[1]?.label).toBe('Cluster');
    expect(groups.at(-1)?.label).toBe('User keys');
    expect(groups.at(-1)?.rows.map((r) => r.key)).toEqual(['user.ui_title', 'user.zzz']);
    expect(groups.map((g) => g.label)).toContain('Candid');
  });

  const filterRows = (rows: SettingRow[], query: string) => rows.filter(settingMatcher(query));

  it('searches keys, descriptions and values but not secret values', () => {
    const rows = buildRows(options, {
      'core.trust_password': 'hunter2-secret',
      'user.colour': 'purple',
    });
    expect(filterRows(rows, 'PURPLE').map((r) => r.key)).toEqual(['user.colour']);
    expect(filterRows(rows, 'hunter2')).toEqual([]);
    expect(filterRows(rows, 'shutdown minutes').map((r) => r.key)).toEqual([
      'core.shutdown_timeout',
    ]);
    expect(filterRows(rows, '  ')).toHaveLength(rows.length);
  });

  it('shows a boolean as its value, or its default when unset', () => {
    expect(effectiveBool({ value: undefined, default: 'true' })).toBe(true);
    expect(effectiveBool({ value: 'false', default: 'true' })).toBe(false);
    expect(effectiveBool({ value: undefined, default: '' })).toBe(false);
  });

  it('counts a boolean equal to its default as not set (LXD 5.0 stores "false")', () => {
    const rows = buildRows(options, {
      'core.https_allowed_credentials': 'false',
      'images.auto_update_cached': 'false',
      'core.metrics_authentication': 'true',
    });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get('core.https_allowed_credentials')?.isSet).toBe(false);
    expect(byKey.get('images.auto_update_cached')?.isSet).toBe(true);
    expect(byKey.get('core.metrics_authentication')?.isSet).toBe(false);
  });

  it('resets with the default the server understands', () => {
    const byKey = new Map(buildRows(options, { 'user.team': 'x' }).map((r) => [r.key, r]));
    const reset = (key: string) => {
      const row = byKey.get(key);
      if (!row) throw new Error(key);
      return resetValue(row);
    };
    expect(reset('images.auto_update_cached')).toBe('true');
    expect(reset('core.https_allowed_credentials')).toBe('false');
    expect(reset('cluster.offline_threshold')).toBe('20');
    expect(reset('core.bgp_asn')).toBe('');
    expect(reset('images.compression_algorithm')).toBe('gzip');
    expect(reset('user.ui_title')).toBe('');
    expect(reset('user.team')).toBe('');
  });

  it('labels categories', () => {
    expect(categoryLabel('maas')).toBe('MAAS');
    expect(categoryLabel('network')).toBe('Network (OVN)');
    expect(categoryLabel('foo')).toBe('Foo');
  });
});
