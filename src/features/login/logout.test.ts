import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginPath, logoutDestination, logoutFrom } from './logout';
import { setCurrentRemote } from '../../lxd/remote';
import type { LxdServer } from '../../lxd/types/server';
import { failure, fakeLxd, sync, untrustedServer } from './test-utils';

describe('isLoginPath', () => {
  it.each([
    '/ui/login',
    '/ui/login/',
    '/ui/login/certificate-add',
    '/ui/login/certificate-generate',
  ])('%s is a login page', (path) => {
    expect(isLoginPath(path)).toBe(true);
  });

  it.each(['/ui', '/ui/', '/ui/project/default/instances', '/ui/login-help', '/login'])(
    '%s is not',
    (path) => {
      expect(isLoginPath(path)).toBe(false);
    },
  );
});

describe('logout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    '/ui/login',
    '/ui/login/',
    '/ui/login/certificate-add',
    '/ui/login/certificate-generate',
  ])('does nothing on %s', async (pathname) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    await logoutFrom({ pathname, assign });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('calls GET /oidc/logout and then goes to /ui/login', async () => {
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(new Response('', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/project/default/instances', assign });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/oidc/logout');
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('GET');
    expect(assign).toHaveBeenCalledWith('/ui/login');
  });

  it('asks GET /1.0 after the logout and goes to /ui/login/certificate-add for an untrusted certificate', async () => {
    const calls = fakeLxd(({ url }) =>
      url === '/1.0' ? sync(untrustedServer({ client_certificate: true })) : sync({}),
    );
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/project/default/instances', assign });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /oidc/logout',
      'GET /1.0',
    ]);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/ui/login/certificate-add');
  });

  it('goes to /ui/login/certificate-generate without OIDC and without a certificate', async () => {
    fakeLxd(({ url }) =>
      url === '/1.0'
        ? sync(untrustedServer({ auth_methods: ['tls'], client_certificate: false }))
        : undefined,
    );
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/server', assign });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/ui/login/certificate-generate');
  });

  it('goes to /ui/login when the server offers OIDC to a browser without a certificate', async () => {
    fakeLxd(({ url }) =>
      url === '/1.0'
        ? sync(untrustedServer({ auth_methods: ['tls', 'oidc'], client_certificate: false }))
        : sync({}),
    );
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/server', assign });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/ui/login');
  });

  it('goes to /ui/login when GET /1.0 fails', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? failure(500, 'boom') : sync({})));
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/server', assign });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/ui/login');
  });

  it('still goes to /ui/login when /oidc/logout fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/server', assign });
    expect(assign).toHaveBeenCalledWith('/ui/login');
  });
});

describe('logoutDestination', () => {
  it.each<[string, string, Partial<LxdServer>]>([
    ['an untrusted certificate', '/ui/login/certificate-add', { client_certificate: true }],
    [
      'an untrusted certificate, OIDC offered',
      '/ui/login/certificate-add',
      { client_certificate: true, auth_methods: ['tls', 'oidc'] },
    ],
    ['no certificate, no OIDC', '/ui/login/certificate-generate', { client_certificate: false }],
    [
      'no certificate, no auth_methods',
      '/ui/login/certificate-generate',
      { client_certificate: false, auth_methods: undefined },
    ],
    [
      'no certificate, OIDC offered',
      '/ui/login',
      { client_certificate: false, auth_methods: ['tls', 'oidc'] },
    ],
    ['a server that does not say (no client_certificate)', '/ui/login', {}],
    ['still trusted', '/ui/login', { auth: 'trusted', client_certificate: false }],
  ])('%s → %s', (_, destination, overrides) => {
    expect(logoutDestination(untrustedServer(overrides))).toBe(destination);
  });

  it('goes to /ui/login without an answer', () => {
    expect(logoutDestination(undefined)).toBe('/ui/login');
  });
});

describe('on a named remote', () => {
  afterEach(() => {
    setCurrentRemote(null);
    vi.unstubAllGlobals();
  });

  it("knows the remote's login pages", () => {
    setCurrentRemote('incus');
    expect(isLoginPath('/ui/remote/incus/login')).toBe(true);
    expect(isLoginPath('/ui/remote/incus/login/certificate-add/')).toBe(true);
    expect(isLoginPath('/ui/remote/incus/project/default/instances')).toBe(false);
    expect(isLoginPath('/ui/login')).toBe(false);
  });

  it("logs out of the remote's OIDC session and goes to its login page", async () => {
    setCurrentRemote('incus');
    const calls = fakeLxd(({ url }) =>
      url === '/remote/incus/1.0' ? sync(untrustedServer({ client_certificate: true })) : sync({}),
    );
    const assign = vi.fn();
    await logoutFrom({ pathname: '/ui/remote/incus/project/default/instances', assign });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /remote/incus/oidc/logout',
      'GET /remote/incus/1.0',
    ]);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/ui/remote/incus/login/certificate-add');
  });
});
