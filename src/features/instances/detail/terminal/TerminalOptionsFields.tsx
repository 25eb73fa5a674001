import { TextField } from '../../../../shared/ui/TextField';
import type { EnvRow, TerminalOptionErrors, TerminalOptions } from './options';

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
  const setRow = (index: number, change: Partial<EnvRow>) => {
    onChange((o) => ({
      ...o,
      environment: o.environment.map((row, i) => (i === index ? { ...row, ...change } : row)),
    }));
  };
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
      <fieldset className="terminal-options__env">
        <legend>Environment variables</legend>
        {options.environment.length === 0 && (
          <p className="p-form-help-text">TERM is xterm-256color; add others here.</p>
        )}
        {options.environment.map((row, index) => {
          const name = row.key.trim() || `row ${index + 1}`;
          return (
            // Rows are only added at the end or removed: the index is a stable enough key.
            <div
              className="terminal-options__row"
              key={index}
              role="group"
              aria-label={`Variable ${name}`}
            >
              <TextField
                label="Name"
                value={row.key}
                error={errors.environment[index]}
                onChange={(key) => setRow(index, { key })}
              />
              <TextField
                label="Value"
                value={row.value}
                onChange={(value) => setRow(index, { value })}
              />
              <button
                type="button"
                className="p-button--base is-dense"
                aria-label={`Remove variable ${name}`}
                onClick={() =>
                  onChange((o) => ({
                    ...o,
                    environment: o.environment.filter((_, i) => i !== index),
                  }))
                }
              >
                Remove
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="p-button is-dense"
          onClick={() =>
            onChange((o) => ({ ...o, environment: [...o.environment, { key: '', value: '' }] }))
          }
        >
          Add variable
        </button>
      </fieldset>
    </div>
  );
}
