import type { UploadProgress } from '../../../../lxd/endpoints/storage-isos';
import { progressText } from '../upload';

/** A progress bar with percentage, bytes sent and total. */
export function IsoProgressBar({ progress }: { progress: UploadProgress }) {
  const text = progressText(progress);
  return (
    <div className="iso-progress">
      <div
        className="iso-progress__track"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
        aria-valuetext={text}
      >
        <div className="iso-progress__bar" style={{ width: `${progress.percentage}%` }} />
      </div>
      <p className="iso-progress__text">{text}</p>
    </div>
  );
}
