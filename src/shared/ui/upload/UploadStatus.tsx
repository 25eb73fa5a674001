import type { ReactNode } from 'react';
import { UploadProgressBar } from './UploadProgressBar';
import type { UploadFlowState } from './useUploadFlow';

/**
 * What an upload dialog shows below its form by phase: the progress bar while sending, while
 * LXD imports and when done; and a status line while sending (optional), while LXD imports
 * (with a spinner, after "Upload complete.") and when cancelled.
 */
export function UploadStatus({
  state,
  uploading,
  importing,
  cancelled,
  className,
}: {
  state: UploadFlowState<object>;
  uploading?: ReactNode;
  importing: ReactNode;
  cancelled: ReactNode;
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
    </>
  );
}
