import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentRemote, setCurrentRemote } from '../lxd/remote';
import { createAppRouter } from './router';

afterEach(() => {
  setCurrentRemote(null);
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the app router', () => {
  it.each([
    ['/ui/remote/incus/settings', 'incus', '/ui/remote/incus', '/settings'],
    ['/ui/remote/my%20lab/settings', 'my lab', '/ui/remote/my%20lab', '/settings'],
    ['/ui/settings', null, '/ui', '/settings'],
  ])('takes the remote and the basename of %s', (address, remote, basename, inside) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 404 }))),
    );
    window.history.replaceState(null, '', address);
    const router = createAppRouter();
    expect(currentRemote()).toBe(remote);
    expect(router.basename).toBe(basename);
    expect(router.state.location.pathname).toBe(inside);
    router.dispose();
  });
});
