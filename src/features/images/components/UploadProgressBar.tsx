import type { UploadProgress } from '../../../lxd/endpoints/images';
import { progressText } from '../upload';

/** A progress bar with percentage, bytes sent and total. */
export function UploadProgressBar({
  progress,
  label = 'Upload progress',
}: {
  progress: UploadProgress;
  label?: string;
}) {
  const text = progressText(progress);
  return (
    <div className="images-progress">
      <div
        className="images-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
        aria-valuetext={text}
      >
        <div className="images-progress__bar" style={{ width: `${progress.percentage}%` }} />
      </div>
      <p className="images-progress__text">{text}</p>
    </div>
  );
}
