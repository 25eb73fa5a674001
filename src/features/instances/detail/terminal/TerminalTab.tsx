import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { startExec } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { DeniedState, EmptyState } from '../../../../shared/ui/States';
import { useSession, type SessionStatus } from './useSession';
import { Xterm } from './Xterm';
import './terminal.scss';

/** Busybox and many minimal images have no bash: sh is the default. */
export const DEFAULT_SHELL = 'sh';

export function splitCommand(command: string): string[] {
  return command.trim().split(/\s+/).filter(Boolean);
}

export const STATUS_TEXT: Record<SessionStatus, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  closed: 'Disconnected',
};

/** A shell in the instance over LXD's exec websockets, with resize and reconnect. */
export default function TerminalTab({ instance }: { instance: LxdInstance }) {
  const running = instance.status === 'Running';
  const denied = usePermissions().on('instance', 'exec', instance);
  if (denied) return <DeniedState title="No terminal access" reason={denied} />;
  if (!running) {
    return (
      <EmptyState title="The instance is not running">
        <p>Start the instance to open a terminal in it.</p>
      </EmptyState>
    );
  }
  return <RunningTerminal instance={instance} />;
}

function RunningTerminal({ instance }: { instance: LxdInstance }) {
  const [command, setCommand] = useState(DEFAULT_SHELL);
  const applied = useRef(DEFAULT_SHELL);
  const commandId = useId();
  const session = useSession(
    (size) =>
      startExec(instance.project, instance.name, {
        command: splitCommand(applied.current),
        width: size.cols,
        height: size.rows,
      }),
    { autoConnect: true },
  );

  const reconnect = (event?: SyntheticEvent) => {
    event?.preventDefault();
    applied.current = command.trim() || DEFAULT_SHELL;
    session.handle.current?.reset();
    void session.connect();
  };

  return (
    <div className="terminal-tab">
      <form className="terminal-toolbar" onSubmit={reconnect}>
        <label htmlFor={commandId}>Command</label>
        <input
          type="text"
          id={commandId}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          list={`${commandId}-shells`}
          aria-describedby={`${commandId}-help`}
        />
        <datalist id={`${commandId}-shells`}>
          <option value="sh" />
          <option value="bash" />
          <option value="ash" />
          <option value="zsh" />
        </datalist>
        <button type="submit" className="p-button">
          {session.status === 'connected' ? 'Restart session' : 'Reconnect'}
        </button>
        {session.status === 'connected' && (
          <button type="button" className="p-button--base" onClick={session.disconnect}>
            Disconnect
          </button>
        )}
        <span className="terminal-toolbar__status" role="status">
          {STATUS_TEXT[session.status]}
          {session.error ? `: ${session.error}` : ''}
        </span>
      </form>
      <p className="u-text--muted terminal-help" id={`${commandId}-help`}>
        Runs as root in the instance. Use bash when the image has it.
      </p>
      <Xterm
        label="Terminal"
        onReady={session.onReady}
        onInput={session.onInput}
        onResize={session.onResize}
      />
    </div>
  );
}
