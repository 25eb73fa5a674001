import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_FLAG_KEY, markStarted } from './started';

/** index.html's reload-once guard (its second inline script). */
const guardScript = (() => {
  const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const guard = scripts.find((script) => script.includes(RELOAD_FLAG_KEY));
  if (!guard) throw new Error('index.html has no reload guard');
  return guard;
})();

function loadGuard() {
  let listener: ((event: { target: unknown }) => void) | undefined;
  const storage = new Map<string, string>();
  const page = {
    __lxdStarted: false,
    addEventListener: (_type: string, handler: typeof listener) => {
      listener = handler;
    },
  };
  const reload = vi.fn();
  runInNewContext(guardScript, {
    window: page,
    location: { reload },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    String,
  });
  const fail = (target: unknown) => listener?.({ target });
  return { page, reload, storage, fail };
}

afterEach(() => {
  window.__lxdStarted = undefined;
});

describe('reload once when the console files fail before it starts (index.html)', () => {
  it('reloads once for a failed script or stylesheet of the console', () => {
    const { reload, fail } = loadGuard();
    fail({ src: 'http://h/ui/assets/index-abc.js' });
    expect(reload).toHaveBeenCalledTimes(1);
    fail({ href: 'http://h/ui/assets/index-abc.css' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed preload: the console imports the file again and retries itself', () => {
    const { reload, fail } = loadGuard();
    fail({
      tagName: 'LINK',
      rel: 'modulepreload',
      href: 'http://h/ui/assets/InstanceListPage-abc.js',
    });
    fail({ tagName: 'LINK', rel: 'preload', href: 'http://h/ui/assets/list-abc.css' });
    expect(reload).not.toHaveBeenCalled();
    fail({ tagName: 'LINK', rel: 'stylesheet', href: 'http://h/ui/assets/index-abc.css' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores other errors, and everything once the console has started', () => {
    const { page, reload, fail } = loadGuard();
    fail({});
    fail({ src: 'http://elsewhere/x.js' });
    page.__lxdStarted = true;
    fail({ src: 'http://h/ui/assets/Screen-abc.js' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('starting clears the once-flag', () => {
    sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    markStarted();
    expect(window.__lxdStarted).toBe(true);
    expect(sessionStorage.getItem(RELOAD_FLAG_KEY)).toBeNull();
  });
});
