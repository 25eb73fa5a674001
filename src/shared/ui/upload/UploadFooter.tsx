/**
 * The buttons of an upload dialog by phase: Cancel upload while sending; Close while LXD imports
 * (it goes on without the dialog); Upload another / Done when done; Cancel / Upload otherwise.
 */
export function UploadFooter({
  phase,
  formId,
  onCancelUpload,
  onClose,
  onAnother,
}: {
  phase: 'idle' | 'uploading' | 'importing' | 'done' | 'failed' | 'cancelled';
  /** The form the Upload button submits. */
  formId: string;
  onCancelUpload: () => void;
  onClose: () => void;
  /** Clears the form for the next file. */
  onAnother: () => void;
}) {
  if (phase === 'uploading') {
    return (
      <button type="button" className="p-button" onClick={onCancelUpload}>
        Cancel upload
      </button>
    );
  }
  if (phase === 'importing') {
    return (
      <button type="button" className="p-button" onClick={onClose}>
        Close
      </button>
    );
  }
  if (phase === 'done') {
    return (
      <>
        <button type="button" className="p-button" onClick={onAnother}>
          Upload another
        </button>
        <button type="button" className="p-button--positive" onClick={onClose}>
          Done
        </button>
      </>
    );
  }
  return (
    <>
      <button type="button" className="p-button--base" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} className="p-button--positive">
        Upload
      </button>
    </>
  );
}
