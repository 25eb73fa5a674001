import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { serverQuery } from '../../../shared/query/server';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { Modal } from '../../../shared/ui/Modal';
import { BUG_TRACKER_URL, CONSOLE_VERSION, bugReportText } from './bugReport';

export interface BugReportDialogProps {
  /** The error the screen shows, added to the report. */
  error?: string | undefined;
  onClose: () => void;
  /** The bug tracker's address; this build's (package.json `bugs.url`) unless given. */
  trackerUrl?: string | undefined;
}

/**
 * "Report a bug": a ready-to-copy report (console and server versions, browser, page, error),
 * and a link to open an issue only when the build names a bug tracker.
 */
export default function BugReportDialog({
  error,
  onClose,
  trackerUrl = BUG_TRACKER_URL,
}: BugReportDialogProps) {
  const textId = useId();
  const server = useQuery(serverQuery);
  const text = bugReportText({
    consoleVersion: CONSOLE_VERSION,
    server: server.data,
    serverError: server.error?.message,
    userAgent: navigator.userAgent,
    path: window.location.pathname,
    error,
  });

  return (
    <Modal
      title="Report a bug"
      onClose={onClose}
      footer={
        <>
          <CopyButton value={text} what="bug report" label="Copy" />
          {trackerUrl && (
            <a className="p-button--positive" href={trackerUrl} target="_blank" rel="noreferrer">
              Open an issue
            </a>
          )}
        </>
      }
    >
      {trackerUrl ? (
        <p>
          Copy the text below into a new issue, and add what you did, what you expected, and what
          happened instead.
        </p>
      ) : (
        <p>
          This console names no bug tracker. Copy the text below and send it to whoever runs this
          console, with what you did, what you expected, and what happened instead.
        </p>
      )}
      <label htmlFor={textId}>Bug report</label>
      <textarea id={textId} readOnly rows={9} value={text} />
    </Modal>
  );
}
