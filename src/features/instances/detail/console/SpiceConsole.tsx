import { SpiceMainConn, resize_helper } from '@spice-project/spice-html5';
import { useEffect, useId, useRef, useState } from 'react';
import { startConsole } from '../../../../lxd/endpoints/instance-detail';
import { operationWebsocketUrl } from '../../../../lxd/operations';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { KeyCombinationMenu } from './KeyCombinationMenu';
import { KEY_COMBINATIONS, sendCombination, type KeyCombination } from './keys';
import './console.scss';

type Status = 'connecting' | 'connected' | 'failed';

const CTRL_ALT_DEL = KEY_COMBINATIONS.find((combination) => combination.label === 'Ctrl+Alt+Del');

const message = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Connection failed';

/**
 * The graphical console of a virtual machine: LXD's console with type "vga" carries SPICE over
 * the operation's data websocket; spice-html5 draws it. Loaded only on this tab.
 */
export default function SpiceConsole({ instance }: { instance: LxdInstance }) {
  const area = useRef<HTMLDivElement>(null);
  const connection = useRef<SpiceMainConn | null>(null);
  const screenId = `spice-screen-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const [status, setStatus] = useState<Status>('connecting');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    let control: WebSocket | undefined;
    const resize = () => {
      if (connection.current) {
        try {
          resize_helper(connection.current);
        } catch {
          // no screen yet
        }
      }
    };
    const start = async () => {
      const box = area.current;
      const sockets = await startConsole(instance.project, instance.name, {
        type: 'vga',
        width: box?.clientWidth ?? 1024,
        height: box?.clientHeight ?? 768,
      });
      if (cancelled) return;
      control = new WebSocket(operationWebsocketUrl(sockets.operationId, sockets.control));
      connection.current = new SpiceMainConn({
        uri: operationWebsocketUrl(sockets.operationId, sockets.data),
        screen_id: screenId,
        onerror: (e) => {
          setStatus('failed');
          setError(message(e));
        },
        onsuccess: () => {
          setStatus('connected');
          resize();
        },
        onagent: resize,
      });
    };
    start().catch((e: unknown) => {
      if (cancelled) return;
      setStatus('failed');
      setError(message(e));
    });
    window.addEventListener('resize', resize);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', resize);
      try {
        connection.current?.stop();
      } catch {
        // already stopped
      }
      connection.current = null;
      control?.close();
    };
  }, [instance.project, instance.name, screenId, attempt]);

  const send = (combination: KeyCombination) => {
    if (sendCombination(connection.current, combination.keys)) {
      setSent(`Sent ${combination.label}`);
    } else {
      setSent(`${combination.label} was not sent: the keyboard channel is not ready`);
    }
  };

  const fullscreen = () => {
    void area.current?.requestFullscreen().catch((e: unknown) => {
      setError(`Full screen was refused: ${message(e)}`);
    });
  };

  return (
    <div className="spice-console">
      <div className="terminal-toolbar">
        <button
          type="button"
          className="p-button"
          disabled={status !== 'connected'}
          onClick={() => {
            if (CTRL_ALT_DEL) send(CTRL_ALT_DEL);
          }}
        >
          Send Ctrl+Alt+Del
        </button>
        <KeyCombinationMenu disabled={status !== 'connected'} onSend={send} />
        <button type="button" className="p-button" onClick={fullscreen}>
          Full screen
        </button>
        <button
          type="button"
          className="p-button--base"
          onClick={() => {
            setStatus('connecting');
            setError(undefined);
            setSent(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Reconnect
        </button>
        <span role="status" className="terminal-toolbar__status">
          {status === 'connecting'
            ? 'Connecting…'
            : status === 'connected'
              ? 'Connected'
              : 'Not connected'}
          {error ? `: ${error}` : ''}
          {sent && status === 'connected' ? `. ${sent}.` : ''}
        </span>
      </div>
      <div className="spice-console__area" ref={area} role="group" aria-label="Graphic console">
        <div id={screenId} className="spice-console__screen" />
      </div>
    </div>
  );
}
