import { KeyValueRows } from '../../../../shared/ui/KeyValueRows';
import { TextField } from '../../../../shared/ui/TextField';
import type { TerminalOptionErrors, TerminalOptions } from './options';

/** User, group, working directory and environment variables of the next session. */
export function TerminalOptionsFields({
  id,
  options,
  errors,
  onChange,
}: {
  id: string;
  options: TerminalOptions;
  errors: TerminalOptionErrors;
  onChange: (update: (options: TerminalOptions) => TerminalOptions) => void;
}) {
  return (
    <div className="terminal-options" id={id} role="group" aria-label="Session options">
      <div className="terminal-options__ids">
        <TextField
          label="User ID (uid)"
          value={options.user}
          error={errors.user}
          help="Empty: root (0)"
          onChange={(user) => onChange((o) => ({ ...o, user }))}
        />
        <TextField
          label="Group ID (gid)"
          value={options.group}
          error={errors.group}
          help="Empty: root (0)"
          onChange={(group) => onChange((o) => ({ ...o, group }))}
        />
        <TextField
          label="Working directory"
          value={options.cwd}
          error={errors.cwd}
          help="Empty: the user's home directory"
          className="terminal-options__cwd"
          onChange={(cwd) => onChange((o) => ({ ...o, cwd }))}
        />
      </div>
      <KeyValueRows
        legend="Environment variables"
        noun="variable"
        keyLabel="Name"
        rows={options.environment}
        onChange={(update) => onChange((o) => ({ ...o, environment: update(o.environment) }))}
        error={(index) => errors.environment[index]}
        empty="TERM is xterm-256color; add others here."
        className="terminal-options__env"
        rowClassName="terminal-options__row"
      />
    </div>
  );
}
