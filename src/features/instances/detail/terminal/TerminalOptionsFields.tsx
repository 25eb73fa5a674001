import { KeyValueInput, TextInput } from '../../../../shared/forms';

/** User, group, working directory and environment variables of the next session. */
export function TerminalOptionsFields({ id }: { id: string }) {
  return (
    <div className="terminal-options" id={id} role="group" aria-label="Session options">
      <div className="terminal-options__ids">
        <TextInput name="user" label="User ID (uid)" help="Empty: root (0)" />
        <TextInput name="group" label="Group ID (gid)" help="Empty: root (0)" />
        <TextInput
          name="cwd"
          label="Working directory"
          help="Empty: the user's home directory"
          className="terminal-options__cwd"
        />
      </div>
      <KeyValueInput
        name="environment"
        legend="Environment variables"
        noun="variable"
        keyLabel="Name"
        empty="TERM is xterm-256color; add others here."
        className="terminal-options__env"
        rowClassName="terminal-options__row"
      />
    </div>
  );
}
