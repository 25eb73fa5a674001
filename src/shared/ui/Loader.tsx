import { clsx } from './clsx';

export function Loader({
  text = 'Loading…',
  fullPage = false,
}: {
  text?: string;
  fullPage?: boolean;
}) {
  return (
    <div className={clsx('loader', fullPage && 'loader--full-page')} role="status">
      <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
