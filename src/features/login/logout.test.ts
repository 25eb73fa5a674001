import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginPath, logoutFrom } from './logout';

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
