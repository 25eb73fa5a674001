import type { UploadProgress } from '../../../lxd/upload';
import { formatBytes } from '../../format/bytes';
import './upload.scss';

/** "42% · 1.2 MiB of 2.8 MiB" */
export function progressText(progress: UploadProgress): string {
  return `${progress.percentage}% · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`;
}

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
    <div className="upload-progress">
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
        aria-valuetext={text}
      >
        <div className="upload-progress__bar" style={{ width: `${progress.percentage}%` }} />
      </div>
      <p className="upload-progress__text">{text}</p>
    </div>
  );
}
