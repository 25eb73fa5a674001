import { Modal } from '../../../../shared/ui/Modal';
import type { ChangeLine } from '../form';

/** The summary shown before an edit is saved: each line what it adds (+) or removes (−). */
export function ReviewModal({
  lines,
  description,
  onConfirm,
  onClose,
}: {
  lines: readonly ChangeLine[];
  description: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Review changes"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={onClose}>
            Back to editing
          </button>
          <button type="button" className="p-button--positive" onClick={onConfirm}>
            Save changes
          </button>
        </>
      }
    >
      <p>Saving the group makes these changes:</p>
      <ul className="p-list group-changes" aria-label="Changes">
        {description !== undefined && (
          <li className="p-list__item">Description: {description || '(none)'}</li>
        )}
        {lines.map((line) => (
          <li
            key={`${line.sign}${line.text}`}
            className={`p-list__item group-changes__${line.sign === '+' ? 'added' : 'removed'}`}
          >
            {line.sign} {line.text}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
