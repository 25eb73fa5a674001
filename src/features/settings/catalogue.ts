/** LXD 5.0 server options, part 1: core and cluster (see catalogue-types.ts). */
import { PRODUCT_NAMES, SSO_ONLY_KEY, type ServerKind } from '../../lxd/product';
import { local, opt, type CatalogueEntry } from './catalogue-types';
import { OTHER_OPTIONS } from './catalogue-other';

export type { CatalogueEntry, SettingScope, SettingType } from './catalogue-types';

export const SERVER_CATALOGUE: readonly CatalogueEntry[] = [
  opt('core.https_address', 'string', '', 'Address to bind for the remote API (HTTPS)', local()),
  opt(
    'core.https_allowed_credentials',
    'bool',
    'false',
    'Whether to set the Access-Control-Allow-Credentials HTTP header value to true',
  ),
  opt('core.https_allowed_headers', 'string', '', 'Access-Control-Allow-Headers HTTP header value'),
  opt('core.https_allowed_methods', 'string', '', 'Access-Control-Allow-Methods HTTP header value'),
  opt('core.https_allowed_origin', 'string', '', 'Access-Control-Allow-Origin HTTP header value'),
  opt(
    'core.https_trusted_proxy',
    'string',
    '',
    "Comma-separated list of IP addresses of trusted servers that provide the client's address through the proxy connection header",
    { requires: 'server_trusted_proxy' },
  ),
  opt(
    'core.proxy_http',
    'string',
    '',
    'HTTP proxy to use, if any (falls back to the HTTP_PROXY environment variable)',
  ),
  opt(
    'core.proxy_https',
    'string',
    '',
    'HTTPS proxy to use, if any (falls back to the HTTPS_PROXY environment variable)',
  ),
  opt(
    'core.proxy_ignore_hosts',
    'string',
    '',
    'Hosts that do not need the proxy, like NO_PROXY (for example 1.2.3.4,1.2.3.5)',
  ),
  opt(
    'core.shutdown_timeout',
    'integer',
    '5',
    'Number of minutes to wait for running operations to complete before the server shuts down',
    { min: 0 },
  ),
  opt(
    'core.trust_password',
    'string',
    '',
    'Password clients provide to add themselves to the trust store',
    { secret: true, only: 'lxd' },
  ),
  opt(
    'core.trust_ca_certificates',
    'bool',
    'false',
    'Whether to automatically trust clients signed by the CA',
    { requires: 'trust_ca_certificates' },
  ),
  opt(
    'core.remote_token_expiry',
    'string',
    '',
    'Time after which an unused trust token expires (for example 3H or 2D); no expiry when empty',
    { requires: 'remote_token_expiry' },
  ),
  opt(
    'core.metrics_address',
    'string',
    '',
    'Address to bind the metrics server to (HTTPS)',
    local('metrics'),
  ),
  opt(
    'core.metrics_authentication',
    'bool',
    'true',
    'Whether to enforce authentication on the metrics endpoint',
    { requires: 'metrics_authentication' },
  ),
  opt(
    'core.debug_address',
    'string',
    '',
    'Address to bind the pprof debug server to (HTTP)',
    local('pprof_http'),
  ),
  opt(
    'core.dns_address',
    'string',
    '',
    'Address to bind the authoritative DNS server to',
    local('network_dns'),
  ),
  opt('core.bgp_address', 'string', '', 'Address to bind the BGP server to', local('network_bgp')),
  opt('core.bgp_asn', 'integer', '', 'BGP Autonomous System Number of the local server', {
    requires: 'network_bgp',
    min: 0,
  }),
  opt(
    'core.bgp_routerid',
    'string',
    '',
    'Unique identifier of this BGP server (formatted as an IPv4 address)',
    local('network_bgp'),
  ),
  opt(
    'core.storage_buckets_address',
    'string',
    '',
    'Address to bind the storage object server to (HTTPS)',
    local('storage_buckets_local'),
  ),

  opt(
    'cluster.https_address',
    'string',
    '',
    'Address to use for clustering traffic',
    local('clustering_server_address'),
  ),
  opt(
    'cluster.images_minimal_replica',
    'integer',
    '3',
    'Minimal number of cluster members with a copy of a particular image (1 for no replication, -1 for all members)',
    { requires: 'clustering_image_replication', min: -1 },
  ),
  opt(
    'cluster.max_standby',
    'integer',
    '2',
    'Maximum number of cluster members that are assigned the database stand-by role',
    { requires: 'clustering_sizing', min: 0 },
  ),
  opt(
    'cluster.max_voters',
    'integer',
    '3',
    'Maximum number of cluster members that are assigned the database voter role (an odd number, 3 or more)',
    { requires: 'clustering_sizing', min: 3 },
  ),
  opt(
    'cluster.offline_threshold',
    'integer',
    '20',
    'Number of seconds after which an unresponsive member is considered offline',
    { requires: 'clustering', min: 1 },
  ),
  opt(
    'cluster.join_token_expiry',
    'string',
    '3H',
    'Time after which an unused cluster join token expires',
    { requires: 'cluster_join_token_expiry' },
  ),
  opt(
    'cluster.healing_threshold',
    'integer',
    '0',
    'Number of seconds after which an offline member is evacuated (0 disables it)',
    { requires: 'cluster_healing', min: 0 },
  ),

  ...OTHER_OPTIONS,
];

/**
 * Keys the console itself reads, offered on every server (metadata or not): the tab title, which
 * each product's UI names its own way (LXD `user.ui_title`, Incus `user.ui.title`), and on Incus
 * `user.ui.sso_only` (Incus shows `user.ui.*` keys to clients before sign-in, so the sign-in page
 * can read it).
 */
export function consoleUserKeys(kind: ServerKind): readonly CatalogueEntry[] {
  const names = PRODUCT_NAMES[kind];
  const title = opt(
    names.uiTitleKey,
    'string',
    '',
    `Title of the browser tab for this console, followed by “| ${names.name} UI” (the host name when empty)`,
  );
  if (kind !== 'incus') return [title];
  return [
    title,
    opt(
      SSO_ONLY_KEY,
      'bool',
      'false',
      'Whether the sign-in page offers single sign-on only (when OIDC is configured), without the browser certificate steps',
    ),
  ];
}
