import { describe, expect, it } from 'vitest';
import { discussionUrl, productNames, serverKind, serverProductName, uiTitleKey } from './product';

describe('which server the console talks to', () => {
  it("is environment.server when the server says (a trusted client's answer)", () => {
    expect(serverKind({ api_extensions: [], environment: { server: 'incus' } })).toBe('incus');
    expect(serverKind({ api_extensions: [], environment: { server: 'lxd' } })).toBe('lxd');
  });

  it('is told by the extensions only Incus lists when there is no environment (untrusted)', () => {
    expect(serverKind({ api_extensions: ['images', 'dev_incus_events'] })).toBe('incus');
    expect(serverKind({ api_extensions: ['images', 'devlxd_events'] })).toBe('lxd');
    expect(serverKind(undefined)).toBe('lxd');
  });

  it('names the product, its title key and its forum', () => {
    const incus = { api_extensions: [], environment: { server: 'incus' } };
    const lxd = { api_extensions: [], environment: { server: 'lxd' } };
    expect([serverProductName(incus), uiTitleKey(incus), discussionUrl(incus)]).toEqual([
      'Incus',
      'user.ui.title',
      'https://discuss.linuxcontainers.org/',
    ]);
    expect([serverProductName(lxd), uiTitleKey(lxd), discussionUrl(lxd)]).toEqual([
      'LXD',
      'user.ui_title',
      'https://discourse.ubuntu.com/c/lxd/126',
    ]);
  });

  it('keeps the names each product spells its own way in one map', () => {
    expect(productNames({ api_extensions: ['dev_incus_events'] })).toEqual({
      name: 'Incus',
      uiTitleKey: 'user.ui.title',
      guestApiKey: 'security.guestapi',
      guestApiImagesKey: 'security.guestapi.images',
      guestApiPath: '/dev/incus',
      metricPrefix: 'incus_',
      client: 'incus',
    });
    expect(productNames({ api_extensions: ['devlxd_events'] })).toEqual({
      name: 'LXD',
      uiTitleKey: 'user.ui_title',
      guestApiKey: 'security.devlxd',
      guestApiImagesKey: 'security.devlxd.images',
      guestApiPath: '/dev/lxd',
      metricPrefix: 'lxd_',
      client: 'lxc',
    });
  });
});
