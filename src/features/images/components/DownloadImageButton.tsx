import { useEffect, useRef, useState } from 'react';
import { progressPercent, type DownloadProgress } from '../../../lxd/download';
import type { LxdImage } from '../../../lxd/types/image';
import { useNotify } from '../../../shared/notifications';
import { downloadImage } from '../download';
import { imageLabel } from '../model';

/** "Download", or "Downloading… 45%" while the file comes in. */
export function downloadLabel(progress: DownloadProgress | null): string {
  if (!progress) return 'Download';
  const percent = progressPercent(progress);
  return percent === undefined ? 'Downloading…' : `Downloading… ${percent}%`;
}

/** Downloads an image's file(s) (GET …/export), showing the progress on the button. */
export function DownloadImageButton({ image, project }: { image: LxdImage; project: string }) {
  const notify = useNotify();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const label = imageLabel(image);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: image.size });
    try {
      await downloadImage(image.fingerprint, project, setProgress, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) {
        notify.failure(`Could not download ${label}`, error);
      }
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const text = downloadLabel(progress);
  return (
    <button
      type="button"
      className="p-button--base is-dense has-icon"
      title={progress ? text : 'Download image'}
      aria-busy={progress !== null}
      disabled={progress !== null}
      onClick={() => void start()}
    >
      <i
        className={progress ? 'p-icon--spinner u-animation--spin' : 'p-icon--begin-downloading'}
        aria-hidden="true"
      />
      <span className="u-off-screen">
        {text} image {label}
      </span>
    </button>
  );
}
