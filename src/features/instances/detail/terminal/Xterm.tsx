import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import { terminalLinkHandler } from './links';

export interface XtermHandle {
  write: (data: Uint8Array | string) => void;
  focus: () => void;
  reset: () => void;
  size: () => { cols: number; rows: number };
}

/** An xterm.js terminal filling its box; reports typed keys and size changes. */
export function Xterm({
  label,
  onReady,
  onInput,
  onResize,
}: {
  label: string;
  onReady: (handle: XtermHandle) => void;
  onInput: (data: string) => void;
  onResize: (cols: number, rows: number) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onReady, onInput, onResize });
  useEffect(() => {
    callbacks.current = { onReady, onInput, onResize };
  });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const term: Terminal = new Terminal({
      cursorBlink: true,
      fontFamily: '"Ubuntu Mono", "DejaVu Sans Mono", monospace',
      fontSize: 14,
      scrollback: 5000,
      theme: { background: '#111111', foreground: '#f0f0f0' },
      linkHandler: terminalLinkHandler(() => term.element),
    });
    const fitAddon = new FitAddon();
    term.loadAddon(fitAddon);
    term.open(element);
    const refit = () => {
      try {
        fitAddon.fit();
      } catch {
        // not laid out yet
      }
    };
    refit();
    const input = term.onData((data) => {
      callbacks.current.onInput(data);
    });
    const resize = term.onResize(({ cols, rows }) => {
      callbacks.current.onResize(cols, rows);
    });
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    callbacks.current.onReady({
      write: (data) => {
        term.write(data);
      },
      focus: () => {
        term.focus();
      },
      reset: () => {
        term.reset();
      },
      size: () => ({ cols: term.cols, rows: term.rows }),
    });
    return () => {
      observer.disconnect();
      input.dispose();
      resize.dispose();
      term.dispose();
    };
  }, []);

  return <div className="xterm-host" ref={host} role="group" aria-label={label} />;
}
