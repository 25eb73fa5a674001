import { useEffect, useRef, useState } from 'react';
import { fetchConsoleLog, startConsole } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { STATUS_TEXT, useSession } from '../terminal/useSession';
import { Xterm, type XtermHandle } from '../terminal/Xterm';
import '../terminal/terminal.scss';

/**
 * The instance's text console: what it printed so far (GET …/console), then the live console
 * over websockets while it runs (busybox asks 'Please press Enter to activate this console.').
 */
export function TextConsole({ instance }: { instance: LxdInstance }) {
  const running = instance.status === 'Running';
  const [logError, setLogError] = useState<string>();
  const session = useSession(
    (size) =>
      startConsole(instance.project, instance.name, {
        type: 'console',
        width: size.cols,
        height: size.rows,
      }),
    { autoConnect: false },
  );
  const [term, setTerm] = useState<XtermHandle>();
  const wasRunning = useRef(running);
  const { onReady, connect } = session;

  // First what the console printed so far, then the live console.
  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    fetchConsoleLog(instance.project, instance.name, controller.signal)
      .then((text) => {
        term.write(text.replace(/\r?\n/g, '\r\n'));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setLogError(error instanceof Error ? error.message : String(error));
        }
      })
      .finally(() => {
        if (!controller.signal.aborted && wasRunning.current) void connect();
      });
    return () => {
      controller.abort();
    };
  }, [term, instance.project, instance.name, connect]);

  // The instance started while the tab is open: attach to its console.
  useEffect(() => {
    if (running && !wasRunning.current && term) void connect();
    wasRunning.current = running;
  }, [running, connect, term]);

  return (
    <div className="terminal-tab">
      <div className="terminal-toolbar">
        {running ? (
          <>
            <button
              type="button"
              className="p-button"
              onClick={() => void connect()}
              disabled={session.status === 'connecting' || session.status === 'connected'}
            >
              Reconnect
            </button>
            <span className="terminal-toolbar__status" role="status">
              {STATUS_TEXT[session.status]}
              {session.error ? `: ${session.error}` : ''}
            </span>
            <span className="u-text--muted">Press Enter in the console if it waits for it.</span>
          </>
        ) : (
          <span role="status">
            The instance is not running: this is the last output of its console.
          </span>
        )}
        {logError && (
          <span className="u-text--muted">The console log could not be read: {logError}</span>
        )}
      </div>
      <Xterm
        label="Text console"
        onReady={(handle) => {
          onReady(handle);
          setTerm(handle);
        }}
        onInput={session.onInput}
        onResize={session.onResize}
      />
    </div>
  );
}
