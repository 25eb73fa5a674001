/**
 * LXD 5.0 server options, part 2: images, instances, storage, networks, MAAS, Loki, and the
 * OpenID Connect options of LXD and Incus (newer than LXD 5.0: offered by their extensions).
 */
import { local, opt, type CatalogueEntry } from './catalogue-types';

/**
 * OpenID Connect: LXD and Incus share `oidc`'s keys; the groups claim, client secret, CLI client
 * ID and session expiry are LXD's, the user name claim Incus's, and both have `oidc.scopes`
 * (`oidc_scopes`), space-separated on LXD and comma-separated on Incus.
 */
const OIDC_OPTIONS: readonly CatalogueEntry[] = [
  opt('oidc.issuer', 'string', '', 'OpenID Connect Discovery URL for the provider', {
    requires: 'oidc',
  }),
  opt('oidc.client.id', 'string', '', 'OpenID Connect client ID', { requires: 'oidc' }),
  opt(
    'oidc.audience',
    'string',
    '',
    'Expected audience value for the application (required by some providers)',
    { requires: 'oidc' },
  ),
  opt(
    'oidc.groups.claim',
    'string',
    '',
    'Claim used to map identity provider groups to LXD groups',
    { requires: 'oidc_groups_claim' },
  ),
  opt('oidc.client.secret', 'string', '', 'OpenID Connect client secret', {
    requires: 'oidc_client_secret',
    secret: true,
  }),
  opt(
    'oidc.device.client.id',
    'string',
    '',
    'OpenID Connect client ID for the command line client (oidc.client.id when empty)',
    { requires: 'oidc_device_client_id' },
  ),
  opt('oidc.session.expiry', 'string', '1w', 'Duration of an OpenID Connect session', {
    requires: 'auth_oidc_sessions',
  }),
  opt('oidc.claim', 'string', '', 'OpenID Connect claim to use as the user name', {
    requires: 'oidc_claim',
  }),
  opt(
    'oidc.scopes',
    'string',
    'openid email offline_access profile',
    'Space-separated list of OpenID Connect scopes to request',
    { requires: 'oidc_scopes', only: 'lxd' },
  ),
  opt(
    'oidc.scopes',
    'string',
    'openid, offline_access',
    'Comma-separated list of OpenID Connect scopes to request',
    { requires: 'oidc_scopes', only: 'incus' },
  ),
];

export const OTHER_OPTIONS: readonly CatalogueEntry[] = [
  opt(
    'images.auto_update_cached',
    'bool',
    'true',
    'Whether to automatically update any image the server caches',
  ),
  opt(
    'images.auto_update_interval',
    'integer',
    '6',
    'Interval in hours at which to look for updates to cached images (0 disables it)',
    { min: 0 },
  ),
  opt(
    'images.compression_algorithm',
    'string',
    'gzip',
    'Compression algorithm for new images (bzip2, gzip, lzma, xz or none)',
  ),
  opt(
    'images.default_architecture',
    'string',
    '',
    'Default architecture to use in a mixed-architecture cluster',
    { requires: 'images_default_architecture' },
  ),
  opt(
    'images.remote_cache_expiry',
    'integer',
    '10',
    'Number of days after which an unused cached remote image is flushed',
    { min: 0 },
  ),

  opt(
    'instances.nic.host_name',
    'string',
    'random',
    'Host-side interface names: random, or mac for names of the form lxd<mac_address>',
    { requires: 'instances_nic_host_name', only: 'lxd' },
  ),
  opt(
    'instances.nic.host_name',
    'string',
    'random',
    'Host-side interface names: random, or mac for names of the form inc<mac_address>',
    { requires: 'instances_nic_host_name', only: 'incus' },
  ),
  opt(
    'instances.migration.stateful',
    'bool',
    'false',
    'Whether new virtual machines get migration.stateful enabled',
    { requires: 'instances_migration_stateful' },
  ),
  opt(
    'backups.compression_algorithm',
    'string',
    'gzip',
    'Compression algorithm for backups (bzip2, gzip, lzma, xz or none)',
    { requires: 'backup_compression' },
  ),
  opt(
    'storage.backups_volume',
    'string',
    '',
    'Volume to store backup tarballs in (POOL/VOLUME)',
    local('daemon_storage'),
  ),
  opt(
    'storage.images_volume',
    'string',
    '',
    'Volume to store image tarballs in (POOL/VOLUME)',
    local('daemon_storage'),
  ),

  opt(
    'network.ovn.northbound_connection',
    'string',
    'unix:/var/run/ovn/ovnnb_db.sock',
    'OVN northbound database connection string',
    { requires: 'network_type_ovn' },
  ),
  opt(
    'network.ovn.integration_bridge',
    'string',
    'br-int',
    'OVS integration bridge to use for OVN networks',
    { requires: 'network_type_ovn' },
  ),

  opt('maas.api.url', 'string', '', 'URL of the MAAS server', { requires: 'maas_network' }),
  opt('maas.api.key', 'string', '', 'API key to manage MAAS', {
    requires: 'maas_network',
    secret: true,
  }),
  opt(
    'maas.machine',
    'string',
    '',
    'Name of this host in MAAS (the host name when empty)',
    local('maas_network'),
  ),

  opt('loki.api.url', 'string', '', 'URL of the Loki server', { requires: 'loki' }),
  opt('loki.api.ca_cert', 'string', '', 'CA certificate of the Loki server', { requires: 'loki' }),
  opt('loki.auth.username', 'string', '', 'User name for Loki authentication', {
    requires: 'loki',
  }),
  opt('loki.auth.password', 'string', '', 'Password for Loki authentication', {
    requires: 'loki',
    secret: true,
  }),
  opt(
    'loki.labels',
    'string',
    '',
    'Comma-separated list of values used as labels of a Loki log entry',
    { requires: 'loki' },
  ),
  opt('loki.loglevel', 'string', 'info', 'Minimum log level to send to the Loki server', {
    requires: 'loki',
  }),
  opt(
    'loki.types',
    'string',
    'lifecycle,logging',
    'Comma-separated list of event types to send to the Loki server',
    { requires: 'loki' },
  ),

  ...OIDC_OPTIONS,
];
