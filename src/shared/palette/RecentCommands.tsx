import { useContext, useSyncExternalStore } from 'react';
import { recordedChanges, subscribeToChanges, type RecordedChange } from '../../lxd/changes';
import { equivalentCommand, restCall } from '../../lxd/lxc-command';
import { clientCommand } from '../../lxd/product';
import { AuthContext } from '../auth/context';
import { CopyButton } from '../ui/CopyButton';
import { Modal } from '../ui/Modal';
import './palette.scss';

export const RECENT_COMMANDS_TITLE = 'Recent changes as commands';

/** This page's changes, oldest first, live. */
export function useRecordedChanges(): readonly RecordedChange[] {
  return useSyncExternalStore(subscribeToChanges, recordedChanges);
}

const OUTCOME = { sent: 'Sent', succeeded: 'Succeeded', failed: 'Failed' } as const;

function ChangeItem({ change, client }: { change: RecordedChange; client: string }) {
  const command = equivalentCommand(change, client);
  const rest = restCall(change);
  const time = new Date(change.time).toLocaleTimeString();
  return (
    <li>
      <p className="u-no-margin--bottom">
        <strong>
          {change.method} {change.path.split('?')[0]}
        </strong>{' '}
        <span className="u-text--muted">
          {time} · {OUTCOME[change.outcome]}
          {change.error ? `: ${change.error}` : ''}
          {change.remote !== null ? ` · remote ${change.remote}` : ''}
        </span>
      </p>
      <div className="recent-commands__line">
        <pre>
          <code>{command}</code>
        </pre>
        <CopyButton value={command} what="command" />
      </div>
      <div className="recent-commands__line">
        <pre>
          <code>{rest}</code>
        </pre>
        <CopyButton value={rest} what="REST call" />
      </div>
    </li>
  );
}

/**
 * Every change this page sent LXD, newest first: the equivalent command and the REST call
 * (method, path, JSON body; secrets masked), each with a Copy button.
 */
export function RecentCommands({ onClose }: { onClose: () => void }) {
  const changes = useRecordedChanges();
  const client = clientCommand(useContext(AuthContext)?.server);
  const newestFirst = [...changes].reverse();
  return (
    <Modal title={RECENT_COMMANDS_TITLE} onClose={onClose}>
      {newestFirst.length === 0 ? (
        <p>
          No changes yet. Each change the console sends to the server is listed here with its{' '}
          <code>{client}</code> command and its REST call.
        </p>
      ) : (
        <ol className="recent-commands" aria-label="Changes, newest first">
          {newestFirst.map((change) => (
            <ChangeItem key={change.id} change={change} client={client} />
          ))}
        </ol>
      )}
    </Modal>
  );
}
