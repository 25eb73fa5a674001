import { describe, expect, it } from 'vitest';
import { docLink, hasDocumentationObjects, parseDocObjects } from './docObjects';

/** The shape `python3 -m sphinx.ext.intersphinx objects.inv` prints (LXD's doc-objects target). */
const SAMPLE = [
  'config:option',
  '\tinstance-resource-limits:limits.cpu       limits.cpu                              : reference/instance_options/#instance-resource-limits:limits.cpu',
  '\tserver-core:core.https_address           core.https_address                      : server/#server-core:core.https_address',
  '\tserver-miscellaneous:images.auto_update_cached images.auto_update_cached         : server/#server-miscellaneous:images.auto_update_cached',
  '\tserver-loki:loki.api.url                 server/#server-loki:loki.api.url',
  'std:doc',
  '\tserver                                   Server configuration                    : server/',
  'std:label',
  '\tserver-core:core.shutdown_timeout        Label: with colon                       : wrong/',
  '',
].join('\n');

describe('documentation objects', () => {
  it('maps server option keys to their documentation paths', () => {
    const links = parseDocObjects(SAMPLE);
    expect(links.get('core.https_address')).toBe('server/#server-core:core.https_address');
    expect(links.get('images.auto_update_cached')).toBe(
      'server/#server-miscellaneous:images.auto_update_cached',
    );
    expect(links.get('loki.api.url')).toBe('server/#server-loki:loki.api.url');
    // Instance options and other object types are not server settings.
    expect(links.has('limits.cpu')).toBe(false);
    expect(links.has('core.shutdown_timeout')).toBe(false);
  });

  it('builds links under /documentation/', () => {
    const links = parseDocObjects(SAMPLE);
    expect(docLink(links, 'core.https_address')).toBe(
      '/documentation/server/#server-core:core.https_address',
    );
    expect(docLink(links, 'core.unknown')).toBeUndefined();
  });

  it('is served by LXD from version 5.20 on, never asked of Incus', () => {
    const lxd = (server_version?: string) => ({
      api_extensions: [],
      environment: server_version === undefined ? {} : { server: 'lxd', server_version },
    });
    expect(hasDocumentationObjects(lxd('5.0.2'))).toBe(false);
    expect(hasDocumentationObjects(lxd('5.19'))).toBe(false);
    expect(hasDocumentationObjects(lxd('5.20'))).toBe(true);
    expect(hasDocumentationObjects(lxd('5.21.3'))).toBe(true);
    expect(hasDocumentationObjects(lxd('6.1'))).toBe(true);
    expect(hasDocumentationObjects(lxd())).toBe(false);
    const incus = { api_extensions: [], environment: { server: 'incus', server_version: '6.0.4' } };
    expect(hasDocumentationObjects(incus)).toBe(false);
  });
});
