/**
 * The dialog of a file upload to LXD (an image, a custom ISO): the form, then the progress and
 * status by phase, what was made once done, and why it failed. Closing while the file is still
 * being sent cancels the upload; LXD's import carries on without the dialog. The footer's
 * buttons follow the phase (UploadFooter).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Modal } from '../Modal';
import { useStableCallback } from '../useStableCallback';
import { UploadFooter } from './UploadFooter';
import { UploadStatus } from './UploadStatus';
import type { UploadFlowState } from './useUploadFlow';

type Done<D extends object> = Extract<UploadFlowState<D>, { phase: 'done' }>;

export interface UploadFlowControls<D extends object> {
  state: UploadFlowState<D>;
  cancel: () => void;
  reset: () => void;
}

export function UploadModal<D extends object>({
  title,
  flow,
  formId,
  onClose,
  onAnother,
  status,
  done,
  children,
}: {
  title: string;
  /** useUploadFlow's state and controls. */
  flow: UploadFlowControls<D>;
  /** The form the Upload button sends. */
  formId: string;
  onClose: () => void;
  /** Empties the form for the next file ("Upload another"); the flow is reset after it. */
  onAnother: () => void;
  /** The status lines while sending, while LXD imports, and once cancelled. */
  status: { uploading?: ReactNode; importing: ReactNode; cancelled: ReactNode; className?: string };
  /** What was made: the title and message of the success note, and more under it. */
  done: (state: Done<D>) => { title: string; message: ReactNode; after?: ReactNode };
  /** The form (its fields in an <UploadFields>). */
  children: ReactNode;
}) {
  const { state } = flow;
  const close = useStableCallback(() => {
    flow.cancel();
    onClose();
  });
  const made = state.phase === 'done' ? done(state) : undefined;
  return (
    <Modal
      title={title}
      onClose={close}
      footer={
        <UploadFooter
          phase={state.phase}
          formId={formId}
          onCancelUpload={flow.cancel}
          onClose={onClose}
          onAnother={() => {
            onAnother();
            flow.reset();
          }}
        />
      }
    >
      {children}
      <UploadStatus state={state} {...status} />
      {made && (
        <div className="p-notification--positive">
          <div className="p-notification__content">
            <p className="p-notification__title">{made.title}</p>
            <p className="p-notification__message">{made.message}</p>
          </div>
        </div>
      )}
      {made?.after}
      {state.phase === 'failed' && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__title">Upload failed</p>
            <p className="p-notification__message">{state.error}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** The fields of an upload form: they cannot change while the file is sent, nor once it is in. */
export function UploadFields({
  phase,
  legend,
  className,
  children,
}: {
  phase: UploadFlowState<object>['phase'];
  /** The fieldset's name (read out, not shown). */
  legend: string;
  className?: string;
  children: ReactNode;
}) {
  const locked = phase === 'uploading' || phase === 'importing' || phase === 'done';
  return (
    <fieldset disabled={locked} className={className ?? 'upload-fields'}>
      <legend className="u-off-screen">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Whether the dialog is still open, asked once an upload ended: a failure after it was closed
 * is told as a notification instead.
 */
export function useStillOpen(): () => boolean {
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  return () => open.current;
}
