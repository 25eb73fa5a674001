/**
 * The settings of each product: LXD's and Incus's keys where they differ (the console's title,
 * OpenID Connect, the trust password, NIC host names), from the built-in catalogue and from
 * GET /1.0/metadata/configuration. Extension lists are the names the catalogue asks about, as
 * the servers list them (LXD shared/version/api.go, Incus internal/version/api.go).
 */
import { describe, expect, it } from 'vitest';
import type { LxdConfigMetadata } from '../../lxd/types/config-metadata';
import { consoleUserKeys } from './catalogue';
import { buildRows, optionsFromCatalogue, optionsFromMetadata, withConsoleKeys } from './options';

/** Incus 6.0.0 and 6.0.4: the names the catalogue asks about. */
const INCUS_600 = [
  'clustering',
  'pprof_http',
  'backup_compression',
  'clustering_server_address',
  'clustering_image_replication',
  'daemon_storage',
  'clustering_sizing',
  'trust_ca_certificates',
  'network_type_ovn',
  'images_default_architecture',
  'server_trusted_proxy',
  'network_bgp',
  'metrics',
  'network_dns',
  'metrics_authentication',
  'instances_nic_host_name',
  'storage_buckets_local',
  'loki',
  'cluster_join_token_expiry',
  'remote_token_expiry',
  'oidc',
  'cluster_healing',
  'oidc_claim',
  'dev_incus_events',
];
const INCUS_604 = [...INCUS_600, 'oidc_scopes'];

/** LXD 5.21.0 and 6.9: the names the catalogue asks about. */
const LXD_521 = [
  'maas_network',
  'clustering',
  'pprof_http',
  'backup_compression',
  'clustering_server_address',
  'clustering_image_replication',
  'daemon_storage',
  'clustering_sizing',
  'trust_ca_certificates',
  'network_type_ovn',
  'images_default_architecture',
  'server_trusted_proxy',
  'network_bgp',
  'metrics',
  'network_dns',
  'metrics_authentication',
  'instances_nic_host_name',
  'storage_buckets_local',
  'loki',
  'cluster_join_token_expiry',
  'remote_token_expiry',
  'oidc',
  'cluster_healing',
  'oidc_groups_claim',
  'instances_migration_stateful',
  'devlxd_events',
];
const LXD_69 = [
  ...LXD_521.filter((name) => name !== 'maas_network' && name !== 'storage_buckets_local'),
  'oidc_scopes',
  'oidc_client_secret',
  'auth_oidc_sessions',
  'oidc_device_client_id',
];

const keysOf = (options: readonly { key: string }[]) => options.map((option) => option.key);
const oidcKeys = (extensions: string[], kind: 'lxd' | 'incus') =>
  keysOf(optionsFromCatalogue(extensions, kind)).filter((key) => key.startsWith('oidc.'));

describe('OpenID Connect keys of each product (by extension)', () => {
  it('LXD 5.0 (no oidc) has none', () => {
    expect(oidcKeys(['clustering', 'metrics'], 'lxd')).toEqual([]);
  });

  it('LXD 5.21: issuer, client ID, audience and the groups claim', () => {
    expect(oidcKeys(LXD_521, 'lxd')).toEqual([
      'oidc.issuer',
      'oidc.client.id',
      'oidc.audience',
      'oidc.groups.claim',
    ]);
  });

  it('LXD 6.9: and the client secret, CLI client ID, session expiry and scopes', () => {
    expect(oidcKeys(LXD_69, 'lxd')).toEqual([
      'oidc.issuer',
      'oidc.client.id',
      'oidc.audience',
      'oidc.groups.claim',
      'oidc.client.secret',
      'oidc.device.client.id',
      'oidc.session.expiry',
      'oidc.scopes',
    ]);
    const byKey = new Map(optionsFromCatalogue(LXD_69, 'lxd').map((o) => [o.key, o]));
    expect(byKey.get('oidc.scopes')).toMatchObject({
      default: 'openid email offline_access profile',
      description: 'Space-separated list of OpenID Connect scopes to request',
      category: 'oidc',
    });
    expect(byKey.get('oidc.client.secret')?.secret).toBe(true);
  });

  it('Incus 6.0.0: issuer, client ID, audience and the user name claim (no groups claim)', () => {
    expect(oidcKeys(INCUS_600, 'incus')).toEqual([
      'oidc.issuer',
      'oidc.client.id',
      'oidc.audience',
      'oidc.claim',
    ]);
  });

  it('Incus 6.0.4: and its comma-separated scopes', () => {
    expect(oidcKeys(INCUS_604, 'incus')).toEqual([
      'oidc.issuer',
      'oidc.client.id',
      'oidc.audience',
      'oidc.claim',
      'oidc.scopes',
    ]);
    const scopes = optionsFromCatalogue(INCUS_604, 'incus').filter((o) => o.key === 'oidc.scopes');
    expect(scopes).toEqual([
      expect.objectContaining({
        default: 'openid, offline_access',
        description: 'Comma-separated list of OpenID Connect scopes to request',
      }),
    ]);
  });
});

describe('the catalogue of each product (servers without option metadata)', () => {
  it('Incus 6.0.4: exactly the server keys Incus has, and its title key', () => {
    expect(keysOf(withConsoleKeys(optionsFromCatalogue(INCUS_604, 'incus'), 'incus'))).toEqual([
      'core.https_address',
      'core.https_allowed_credentials',
      'core.https_allowed_headers',
      'core.https_allowed_methods',
      'core.https_allowed_origin',
      'core.https_trusted_proxy',
      'core.proxy_http',
      'core.proxy_https',
      'core.proxy_ignore_hosts',
      'core.shutdown_timeout',
      'core.trust_ca_certificates',
      'core.remote_token_expiry',
      'core.metrics_address',
      'core.metrics_authentication',
      'core.debug_address',
      'core.dns_address',
      'core.bgp_address',
      'core.bgp_asn',
      'core.bgp_routerid',
      'core.storage_buckets_address',
      'cluster.https_address',
      'cluster.images_minimal_replica',
      'cluster.max_standby',
      'cluster.max_voters',
      'cluster.offline_threshold',
      'cluster.join_token_expiry',
      'cluster.healing_threshold',
      'images.auto_update_cached',
      'images.auto_update_interval',
      'images.compression_algorithm',
      'images.default_architecture',
      'images.remote_cache_expiry',
      'instances.nic.host_name',
      'backups.compression_algorithm',
      'storage.backups_volume',
      'storage.images_volume',
      'network.ovn.northbound_connection',
      'network.ovn.integration_bridge',
      'loki.api.url',
      'loki.api.ca_cert',
      'loki.auth.username',
      'loki.auth.password',
      'loki.labels',
      'loki.loglevel',
      'loki.types',
      'oidc.issuer',
      'oidc.client.id',
      'oidc.audience',
      'oidc.claim',
      'oidc.scopes',
      'user.ui.title',
      'user.ui.sso_only',
    ]);
  });

  it('LXD 5.21: exactly the server keys LXD has, and its title key', () => {
    expect(keysOf(withConsoleKeys(optionsFromCatalogue(LXD_521, 'lxd'), 'lxd'))).toEqual([
      'core.https_address',
      'core.https_allowed_credentials',
      'core.https_allowed_headers',
      'core.https_allowed_methods',
      'core.https_allowed_origin',
      'core.https_trusted_proxy',
      'core.proxy_http',
      'core.proxy_https',
      'core.proxy_ignore_hosts',
      'core.shutdown_timeout',
      'core.trust_password',
      'core.trust_ca_certificates',
      'core.remote_token_expiry',
      'core.metrics_address',
      'core.metrics_authentication',
      'core.debug_address',
      'core.dns_address',
      'core.bgp_address',
      'core.bgp_asn',
      'core.bgp_routerid',
      'core.storage_buckets_address',
      'cluster.https_address',
      'cluster.images_minimal_replica',
      'cluster.max_standby',
      'cluster.max_voters',
      'cluster.offline_threshold',
      'cluster.join_token_expiry',
      'cluster.healing_threshold',
      'images.auto_update_cached',
      'images.auto_update_interval',
      'images.compression_algorithm',
      'images.default_architecture',
      'images.remote_cache_expiry',
      'instances.nic.host_name',
      'instances.migration.stateful',
      'backups.compression_algorithm',
      'storage.backups_volume',
      'storage.images_volume',
      'network.ovn.northbound_connection',
      'network.ovn.integration_bridge',
      'maas.api.url',
      'maas.api.key',
      'maas.machine',
      'loki.api.url',
      'loki.api.ca_cert',
      'loki.auth.username',
      'loki.auth.password',
      'loki.labels',
      'loki.loglevel',
      'loki.types',
      'oidc.issuer',
      'oidc.client.id',
      'oidc.audience',
      'oidc.groups.claim',
      'user.ui_title',
    ]);
  });

  it('names NIC host names after each product', () => {
    const nic = (extensions: string[], kind: 'lxd' | 'incus') =>
      optionsFromCatalogue(extensions, kind).filter((o) => o.key === 'instances.nic.host_name');
    expect(nic(LXD_521, 'lxd').map((o) => o.description)).toEqual([
      'Host-side interface names: random, or mac for names of the form lxd<mac_address>',
    ]);
    expect(nic(INCUS_604, 'incus').map((o) => o.description)).toEqual([
      'Host-side interface names: random, or mac for names of the form inc<mac_address>',
    ]);
  });

  it('is LXD’s when no product is named (as before)', () => {
    expect(optionsFromCatalogue(LXD_521)).toEqual(optionsFromCatalogue(LXD_521, 'lxd'));
    expect(withConsoleKeys([])).toEqual(withConsoleKeys([], 'lxd'));
  });
});

describe("the console's title key", () => {
  it('is user.ui_title on LXD and user.ui.title on Incus, described with the UI name', () => {
    expect(consoleUserKeys('lxd')).toEqual([
      {
        key: 'user.ui_title',
        type: 'string',
        default: '',
        description:
          'Title of the browser tab for this console, followed by “| LXD UI” (the host name when empty)',
        scope: 'global',
      },
    ]);
    expect(consoleUserKeys('incus')).toEqual([
      {
        key: 'user.ui.title',
        type: 'string',
        default: '',
        description:
          'Title of the browser tab for this console, followed by “| Incus UI” (the host name when empty)',
        scope: 'global',
      },
      {
        key: 'user.ui.sso_only',
        type: 'bool',
        default: 'false',
        description:
          'Whether the sign-in page offers single sign-on only (when OIDC is configured), without the browser certificate steps',
        scope: 'global',
      },
    ]);
  });

  it('is the row that shows and edits the title on each product', () => {
    const config = { 'user.ui.title': 'Rack 2', 'user.ui_title': 'Lab' };
    const incus = buildRows(
      withConsoleKeys(optionsFromCatalogue(INCUS_604, 'incus'), 'incus'),
      config,
    );
    const lxd = buildRows(withConsoleKeys(optionsFromCatalogue(LXD_521, 'lxd'), 'lxd'), config);
    const row = (rows: typeof incus, key: string) => rows.find((r) => r.key === key);
    expect(row(incus, 'user.ui.title')).toMatchObject({
      value: 'Rack 2',
      isCustom: false,
      category: 'user',
    });
    // The other product's spelling is only a free-form user key there.
    expect(row(incus, 'user.ui_title')).toMatchObject({ value: 'Lab', isCustom: true });
    expect(row(lxd, 'user.ui_title')).toMatchObject({ value: 'Lab', isCustom: false });
    expect(row(lxd, 'user.ui.title')).toMatchObject({ value: 'Rack 2', isCustom: true });
  });
});

/** Part of Incus 6.0.4's GET /1.0/metadata/configuration (server entity). */
const INCUS_METADATA: LxdConfigMetadata = {
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
          { 'core.shutdown_timeout': { defaultdesc: '`5`', type: 'integer', scope: 'global' } },
        ],
      },
      oidc: {
        keys: [
          { 'oidc.audience': { shortdesc: 'Expected audience value for the application' } },
          { 'oidc.claim': { shortdesc: 'OpenID Connect claim to use as the username' } },
          { 'oidc.client.id': { shortdesc: 'OpenID Connect client ID' } },
          { 'oidc.issuer': { shortdesc: 'OpenID Connect Discovery URL for the provider' } },
          { 'oidc.scopes': { shortdesc: 'Comma separated list of OpenID Connect scopes' } },
        ],
      },
    },
  },
};

describe('Incus with option metadata (metadata_configuration)', () => {
  it("adds only the Incus console's keys to what the server describes", () => {
    const options = withConsoleKeys(optionsFromMetadata(INCUS_METADATA), 'incus');
    expect(keysOf(options)).toEqual([
      'core.https_address',
      'core.shutdown_timeout',
      'oidc.audience',
      'oidc.claim',
      'oidc.client.id',
      'oidc.issuer',
      'oidc.scopes',
      'user.ui.title',
      'user.ui.sso_only',
    ]);
    expect(options.find((o) => o.key === 'user.ui.title')).toMatchObject({
      category: 'user',
      type: 'string',
      secret: false,
    });
  });
});
