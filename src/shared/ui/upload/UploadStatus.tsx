import type { ReactNode } from 'react';
import { UploadProgressBar } from './UploadProgressBar';
import type { UploadFlowState } from './useUploadFlow';

/**
 * What an upload dialog shows below its form by phase: the progress bar while sending, while
 * LXD imports and when done; and a status line while sending (optional), while LXD imports
 * (with a spinner, after "Upload complete.") and when cancelled; with `failed`, LXD's error.
 */
export function UploadStatus({
  state,
  uploading,
  importing,
  cancelled,
  failed,
  className,
}: {
  state: UploadFlowState<object>;
  uploading?: ReactNode;
  importing: ReactNode;
  cancelled: ReactNode;
  /** The title of a failure ("Upload failed") above LXD's message; no failure shown without. */
  failed?: ReactNode;
  className?: string;
}) {
  return (
    <>
      {(state.phase === 'uploading' || state.phase === 'importing' || state.phase === 'done') && (
        <UploadProgressBar progress={state.progress} />
      )}
      <div role="status" className={className}>
        {state.phase === 'uploading' && uploading && <p>{uploading}</p>}
        {state.phase === 'importing' && (
          <p>
            <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> Upload complete.{' '}
            {importing}
          </p>
        )}
        {state.phase === 'cancelled' && <p>{cancelled}</p>}
      </div>
      {state.phase === 'failed' && failed !== undefined && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__title">{failed}</p>
            <p className="p-notification__message">{state.error}</p>
          </div>
        </div>
      )}
    </>
  );
}
