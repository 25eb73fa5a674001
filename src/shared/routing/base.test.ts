import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import { pageBaseOf, pageBasename, pathInPage, uiBasename, UI_ROOT } from './base';
import { createBrowserRouter, createMemoryRouter } from './history';
import { paths, uiUrl } from './paths';

afterEach(() => {
  setCurrentRemote(null);
});

describe('the remote in the address', () => {
  it('is the default remote under /ui', () => {
    for (const pathname of ['/ui', '/ui/', '/ui/project/p/instances', '/ui/remote', '/']) {
      expect(pageBaseOf(pathname)).toEqual({ remote: null, basename: UI_ROOT });
    }
  });

  it('is remote {name} under /ui/remote/{name}', () => {
    expect(pageBaseOf('/ui/remote/incus/project/default/instances')).toEqual({
      remote: 'incus',
      basename: '/ui/remote/incus',
    });
    expect(pageBaseOf('/ui/remote/incus')).toEqual({
      remote: 'incus',
      basename: '/ui/remote/incus',
    });
    expect(pageBaseOf('/ui/remote/incus/')).toEqual({
      remote: 'incus',
      basename: '/ui/remote/incus',
    });
  });

  it('decodes the name and keeps the address spelling as the basename', () => {
    expect(pageBaseOf('/ui/remote/my%20lab/server')).toEqual({
      remote: 'my lab',
      basename: '/ui/remote/my%20lab',
    });
    expect(pageBaseOf('/ui/remote/a%2Fb/operations')).toEqual({
      remote: 'a/b',
      basename: '/ui/remote/a%2Fb',
    });
    expect(pageBaseOf('/ui/remote/bad%zz/x')).toEqual({
      remote: 'bad%zz',
      basename: '/ui/remote/bad%zz',
    });
  });

  it("builds each remote's basename and full addresses", () => {
    expect(uiBasename(null)).toBe('/ui');
    expect(uiBasename('my lab')).toBe('/ui/remote/my%20lab');
    expect(uiUrl(paths.operations())).toBe('/ui/operations');
    expect(uiUrl(paths.instances('default'), 'incus')).toBe(
      '/ui/remote/incus/project/default/instances',
    );
    setCurrentRemote('incus');
    expect(pageBasename()).toBe('/ui/remote/incus');
    expect(uiUrl(paths.operations())).toBe('/ui/remote/incus/operations');
    expect(uiUrl(paths.operations(), null)).toBe('/ui/operations');
  });

  it("reads a page address inside the page's basename", () => {
    expect(pathInPage('/ui/login')).toBe('/login');
    expect(pathInPage('/login')).toBeNull();
    setCurrentRemote('incus');
    expect(pathInPage('/ui/remote/incus/login')).toBe('/login');
    expect(pathInPage('/ui/login')).toBeNull();
  });

  it("keeps the router's links under the remote's basename", () => {
    const { basename } = pageBaseOf('/ui/remote/incus/project/p/instances');
    const router = createMemoryRouter([{ path: '*' }], {
      initialEntries: ['/project/p/instances'],
      basename,
    });
    expect(router.createHref(paths.profiles('p'))).toBe('/ui/remote/incus/project/p/profiles');
    expect(router.createHref('?sort=name')).toBe('/ui/remote/incus/project/p/instances?sort=name');
    router.dispose();
  });

  it('routes a browser page under /ui/remote/{name} inside that basename', async () => {
    window.history.replaceState(null, '', '/ui/remote/incus/project/p/instances?sort=name');
    const { basename } = pageBaseOf(window.location.pathname);
    const router = createBrowserRouter([{ path: '*' }], { basename });
    expect(router.state.location.pathname).toBe('/project/p/instances');
    await router.navigate(paths.operations());
    expect(window.location.pathname).toBe('/ui/remote/incus/operations');
    router.dispose();
    window.history.replaceState(null, '', '/');
  });
});
