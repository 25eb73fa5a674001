/**
 * Connects an xterm view to an LXD session (exec or text console): asks LXD for the session
 * with the terminal's size, then relays keys, output and resizes until it ends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionSockets } from '../../../../lxd/endpoints/instance-detail';
import { operationWebsocketUrl } from '../../../../lxd/operations';
import { TerminalSession } from './session';
import type { XtermHandle } from './Xterm';

export type SessionStatus = 'idle' | 'connecting' | 'connected' | 'closed';

/** What the terminal and the text console say of their session. */
export const STATUS_TEXT: Record<SessionStatus, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  closed: 'Disconnected',
};

export function useSession(
  start: (size: { cols: number; rows: number }) => Promise<SessionSockets>,
  options: { autoConnect: boolean; onConnected?: (handle: XtermHandle) => void },
) {
  const [status, setStatus] = useState<SessionStatus>('idle');
  const [error, setError] = useState<string>();
  const handle = useRef<XtermHandle | null>(null);
  const session = useRef<TerminalSession | null>(null);
  const latest = useRef({ start, onConnected: options.onConnected });
  useEffect(() => {
    latest.current = { start, onConnected: options.onConnected };
  });

  /** Each connect (and the unmount) starts a new generation; older attempts give up. */
  const generation = useRef(0);

  const connect = useCallback(async () => {
    const term = handle.current;
    if (!term) return;
    const mine = ++generation.current;
    session.current?.close();
    session.current = null;
    setError(undefined);
    setStatus('connecting');
    try {
      const sockets = await latest.current.start(term.size());
      if (mine !== generation.current) return;
      const created = new TerminalSession(
        {
          data: operationWebsocketUrl(sockets.operationId, sockets.data),
          control: operationWebsocketUrl(sockets.operationId, sockets.control),
        },
        {
          onData: (data) => {
            handle.current?.write(data);
          },
          onState: (state, reason) => {
            if (session.current !== created) return;
            setStatus(state);
            if (reason) setError(reason);
            if (state === 'connected') {
              const size = handle.current?.size();
              if (size) created.resize(size.cols, size.rows);
              if (handle.current) latest.current.onConnected?.(handle.current);
              handle.current?.focus();
            }
          },
        },
      );
      session.current = created;
    } catch (e) {
      if (mine !== generation.current) return;
      setStatus('closed');
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  const autoConnect = useRef(options.autoConnect);
  /** The terminal exists: connect right away when asked to. */
  const onReady = useCallback(
    (term: XtermHandle) => {
      handle.current = term;
      if (autoConnect.current) void connect();
    },
    [connect],
  );

  useEffect(
    () => () => {
      generation.current += 1;
      session.current?.close();
      session.current = null;
    },
    [],
  );

  const onInput = useCallback((data: string) => {
    session.current?.write(data);
  }, []);
  const onResize = useCallback((cols: number, rows: number) => {
    session.current?.resize(cols, rows);
  }, []);
  const disconnect = useCallback(() => {
    session.current?.close();
  }, []);

  return { status, error, connect, disconnect, onReady, onInput, onResize, handle };
}
