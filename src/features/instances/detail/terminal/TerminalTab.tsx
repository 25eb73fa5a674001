import { useId, useRef, useState } from 'react';
import { startExec } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { ResourceForm, useResourceForm } from '../../../../shared/forms';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { DeniedState, EmptyState } from '../../../../shared/ui/States';
import {
  DEFAULT_OPTIONS,
  DEFAULT_SHELL,
  describeOptions,
  optionProblems,
  toExecOptions,
  type TerminalOptions,
} from './options';
import { TerminalOptionsFields } from './TerminalOptionsFields';
import { STATUS_TEXT, useSession } from './useSession';
import { Xterm } from './Xterm';
import './terminal.scss';

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

/** The options form shows the session's command only, or its other options too. */
type View = 'session' | 'options';

function RunningTerminal({ instance }: { instance: LxdInstance }) {
  const [applied, setApplied] = useState<TerminalOptions>(DEFAULT_OPTIONS);
  const appliedRef = useRef(DEFAULT_OPTIONS);
  const id = useId();
  const session = useSession(
    (size) => startExec(instance.project, instance.name, toExecOptions(appliedRef.current, size)),
    { autoConnect: true },
  );
  const kit = useResourceForm<TerminalOptions, View>({
    defaultValues: DEFAULT_OPTIONS,
    validate: optionProblems,
    // Every rule is about a session option: sending with a problem shows them.
    sections: { initial: 'session', of: (path) => (path === 'command' ? 'session' : 'options') },
    onSubmit: (options) => {
      const next = { ...options, command: options.command.trim() || DEFAULT_SHELL };
      appliedRef.current = next;
      setApplied(next);
      session.handle.current?.reset();
      void session.connect();
    },
  });
  const showOptions = kit.section === 'options';

  return (
    <div className="terminal-tab">
      <ResourceForm kit={kit} className="terminal-form" label="Terminal session">
        <div className="terminal-toolbar">
          <label htmlFor={`${id}-command`}>Command</label>
          <input
            type="text"
            id={`${id}-command`}
            {...kit.form.register('command')}
            list={`${id}-shells`}
            aria-describedby={`${id}-help`}
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id={`${id}-shells`}>
            <option value="sh" />
            <option value="bash" />
            <option value="ash" />
            <option value="zsh" />
          </datalist>
          <button
            type="button"
            className="p-button--base"
            aria-expanded={showOptions}
            aria-controls={`${id}-options`}
            onClick={() => kit.selectSection(showOptions ? 'session' : 'options')}
          >
            {showOptions ? 'Hide session options' : 'Session options'}
          </button>
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
        </div>
        {showOptions && <TerminalOptionsFields id={`${id}-options`} />}
      </ResourceForm>
      <p className="u-text--muted terminal-help" id={`${id}-help`}>
        Runs {applied.command} as {describeOptions(applied)}. Use bash when the image has it.
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
