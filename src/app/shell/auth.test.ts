import { describe, expect, it } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import type { LxdServer } from '../../lxd/types/server';
import {
  OUTDATED_SERVER_MESSAGE,
  buildAuthState,
  documentationUrl,
  fineGrainedMode,
  isAuthenticated,
  isOutdatedServer,
  shellBrand,
  tabTitle,
} from './auth';

function server(over: Partial<LxdServer> = {}): LxdServer {
  return {
    api_extensions: [],
    api_status: 'stable',
    api_version: '1.0',
    auth: 'trusted',
    public: false,
    config: {},
    environment: { server_version: '5.0.2', server_clustered: false },
    ...over,
  };
}

describe('authentication state', () => {
  it('is unauthenticated until the settings report auth other than untrusted', () => {
    expect(isAuthenticated(undefined)).toBe(false);
    expect(isAuthenticated(server({ auth: 'untrusted' }))).toBe(false);
    expect(isAuthenticated(server({ auth: 'trusted' }))).toBe(true);
  });

  it('knows fine-grained mode only with entities_with_entitlements', () => {
    expect(fineGrainedMode(server(), undefined)).toBe(false);
    const fg = server({ api_extensions: ['entities_with_entitlements'] });
    expect(fineGrainedMode(fg, undefined)).toBeNull();
    expect(
      fineGrainedMode(fg, { id: 'x', name: 'x', authentication_method: 'tls', fine_grained: true }),
    ).toBe(true);
    expect(
      fineGrainedMode(fg, {
        id: 'x',
        name: 'x',
        authentication_method: 'tls',
        fine_grained: false,
      }),
    ).toBe(false);
  });

  it('derives the default project and restriction', () => {
    const limited = buildAuthState({
      server: server(),
      identity: undefined,
      projects: [{ name: 'limited', description: '', config: {} }],
      certificate: undefined,
    });
    expect(limited.defaultProject).toBe('limited');
    expect(limited.isRestricted).toBe(true);

    const admin = buildAuthState({
      server: server({ auth_user_method: 'oidc' }),
      identity: undefined,
      projects: [
        { name: 'a', description: '', config: {} },
        { name: 'default', description: '', config: {} },
      ],
      certificate: undefined,
    });
    expect(admin.defaultProject).toBe('default');
    expect(admin.isRestricted).toBe(false);
    expect(admin.isOidc).toBe(true);
  });

  it('counts a restricted certificate as a restricted user', () => {
    const state = buildAuthState({
      server: server(),
      identity: undefined,
      projects: [{ name: 'default', description: '', config: {} }],
      certificate: {
        name: 'c',
        type: 'client',
        fingerprint: 'f',
        certificate: '',
        restricted: true,
        projects: ['default'],
      },
    });
    expect(state.isRestricted).toBe(true);
  });

  it('counts a restricted certificate of a server with identities (5.21+) by its type', () => {
    const signIn = (type: string) =>
      buildAuthState({
        server: server({ api_extensions: ['access_management'], auth_user_method: 'tls' }),
        identity: { id: 'f', name: 'c', authentication_method: 'tls', type },
        projects: [{ name: 'default', description: '', config: {} }],
        certificate: undefined,
      }).isRestricted;
    expect(signIn('Client certificate (restricted)')).toBe(true);
    expect(signIn('Client certificate (unrestricted)')).toBe(false);
  });
});

const lxd = (version: string | undefined) =>
  server({ environment: version === undefined ? {} : { server: 'lxd', server_version: version } });
const incus = (version: string) =>
  server({ environment: { server: 'incus', server_version: version } });

describe('server version thresholds', () => {
  it('uses the local documentation from LXD 5.19, and Incus its own site', () => {
    expect(documentationUrl(lxd('5.18'))).toMatch(/^https:/);
    expect(documentationUrl(lxd('5.0.2'))).toMatch(/^https:/);
    expect(documentationUrl(lxd('5.19'))).toBe('/documentation/');
    expect(documentationUrl(lxd('5.21.3'))).toBe('/documentation/');
    expect(documentationUrl(lxd('6.1'))).toBe('/documentation/');
    // Incus 6.0 is not LXD 6.0: never a version compared across the two.
    expect(documentationUrl(incus('6.0.4'))).toBe('https://linuxcontainers.org/incus/docs/main/');
  });

  it("links the local documentation of the page's remote", () => {
    setCurrentRemote('lab');
    try {
      expect(documentationUrl(lxd('5.21.3'))).toBe('/remote/lab/documentation/');
    } finally {
      setCurrentRemote(null);
    }
  });

  it('warns when an LXD major version is below 5', () => {
    expect(isOutdatedServer(lxd('4.0.9'))).toBe(true);
    expect(isOutdatedServer(lxd('5.0.2'))).toBe(false);
    expect(isOutdatedServer(lxd(undefined))).toBe(false);
    expect(isOutdatedServer(incus('0.6'))).toBe(false);
    expect(OUTDATED_SERVER_MESSAGE.startsWith('You are using an outdated server version.')).toBe(
      true,
    );
  });
});

describe('tab title', () => {
  it('is user.ui_title or the host name, followed by the UI name', () => {
    expect(tabTitle(server({ config: { 'user.ui_title': 'Lab' } }), 'h')).toBe('Lab | LXD UI');
    expect(tabTitle(server(), 'myhost')).toBe('myhost | LXD UI');
    expect(tabTitle(server({ config: { 'user.microcloud': 'true' } }), 'h')).toBe('h | MicroCloud');
  });

  it('names the shell after MicroCloud, else the server', () => {
    expect(shellBrand(lxd('5.0.2'))).toBe('LXD');
    expect(shellBrand(incus('6.0.4'))).toBe('Incus');
    expect(shellBrand({ ...incus('6.0.4'), config: { 'user.microcloud': 'true' } })).toBe(
      'MicroCloud',
    );
  });

  it('follows Incus: its own title key and name', () => {
    const titled = { ...incus('6.0.4'), config: { 'user.ui.title': 'Rack 2' } };
    expect(tabTitle(titled, 'h')).toBe('Rack 2 | Incus UI');
    expect(tabTitle({ ...incus('6.0.4'), config: { 'user.ui_title': 'LXD key' } }, 'h')).toBe(
      'h | Incus UI',
    );
  });
});
