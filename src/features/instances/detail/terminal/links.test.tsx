import { render } from '@testing-library/react';
import type { ITerminalOptions } from '@xterm/xterm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkQuestion, openableLink, terminalLinkHandler } from './links';
import { Xterm } from './Xterm';

const created: ITerminalOptions[] = [];
vi.mock('@xterm/xterm', () => ({
  Terminal: class {
    cols = 80;
    rows = 24;
    element: HTMLElement | undefined;
    constructor(options: ITerminalOptions) {
      created.push(options);
    }
    loadAddon() {}
    open(element: HTMLElement) {
      this.element = element;
    }
    onData() {
      return { dispose: () => undefined };
    }
    onResize() {
      return { dispose: () => undefined };
    }
    dispose() {}
  },
}));
vi.mock('@xterm/addon-fit', () => ({
  FitAddon: class {
    fit() {}
  },
}));
vi.mock('@xterm/xterm/css/xterm.css', () => ({}));

const click = new MouseEvent('click');
const range = { start: { x: 1, y: 1 }, end: { x: 5, y: 1 } };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('terminal links (OSC 8)', () => {
  it('opens only http and https addresses', () => {
    expect(openableLink('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(openableLink('http://10.0.0.1:8080/')).toBe('http://10.0.0.1:8080/');
    expect(openableLink('javascript:alert(document.cookie)')).toBeUndefined();
    expect(openableLink('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(openableLink('file:///etc/passwd')).toBeUndefined();
    expect(openableLink('https://user:secret@example.com/')).toBeUndefined();
    expect(openableLink('not a url')).toBeUndefined();
  });

  it('asks with the real address and opens it without opener or referrer', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    terminalLinkHandler(() => undefined).activate(click, 'https://example.com/x', range);
    expect(confirm).toHaveBeenCalledWith(linkQuestion('https://example.com/x'));
    expect(open).toHaveBeenCalledWith('https://example.com/x', '_blank', 'noopener,noreferrer');
  });

  it('never opens a javascript: link, and opens nothing the user declines', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const handler = terminalLinkHandler(() => undefined);
    handler.activate(click, 'javascript:alert(1)', range);
    expect(confirm).not.toHaveBeenCalled();
    handler.activate(click, 'https://example.com/', range);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('shows where a link goes while the pointer is on it', () => {
    const host = document.createElement('div');
    const handler = terminalLinkHandler(() => host);
    handler.hover?.(click, 'https://example.com/real', range);
    expect(host.title).toBe('https://example.com/real');
    handler.leave?.(click, 'https://example.com/real', range);
    expect(host.hasAttribute('title')).toBe(false);
    handler.hover?.(click, 'javascript:alert(1)', range);
    expect(host.title).toBe('Not opened: javascript:alert(1)');
  });

  it('is the handler of the instance terminal', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(
      <Xterm
        label="Terminal"
        onReady={() => undefined}
        onInput={() => undefined}
        onResize={() => undefined}
      />,
    );
    const options = created.at(-1);
    expect(options?.linkHandler?.allowNonHttpProtocols).toBe(false);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    options?.linkHandler?.activate(click, 'javascript:alert(1)', range);
    expect(confirm).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
