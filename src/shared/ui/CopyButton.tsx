import { useEffect, useState } from 'react';
import { clsx } from './clsx';

type Outcome = 'copied' | 'failed' | undefined;
const OUTCOME_TEXT = { copied: 'Copied', failed: 'Copy failed' } as const;
/** How long the tick (or the failure) stays before the button looks as before. */
export const COPY_FEEDBACK_MS = 2000;

/**
 * Copies `value` to the clipboard. Its accessible name is "Copy {what}"; with `label` the button
 * also shows text ("Copy"), otherwise only the icon. The icon turns into a tick once copied, and
 * a status line reads the outcome out.
 */
export function CopyButton({
  value,
  what,
  label,
  className,
}: {
  value: string;
  what: string;
  label?: string;
  className?: string;
}) {
  const [outcome, setOutcome] = useState<Outcome>();
  useEffect(() => {
    if (outcome === undefined) return;
    const timer = setTimeout(() => {
      setOutcome(undefined);
    }, COPY_FEEDBACK_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [outcome]);

  const name = label ? `${label} ${what}` : `Copy ${what}`;
  return (
    <>
      <button
        type="button"
        className={clsx('p-button--base is-dense has-icon', className)}
        aria-label={name}
        title={outcome === 'failed' ? OUTCOME_TEXT.failed : name}
        onClick={() => {
          navigator.clipboard.writeText(value).then(
            () => {
              setOutcome('copied');
            },
            () => {
              setOutcome('failed');
            },
          );
        }}
      >
        <i
          className={outcome === 'copied' ? 'p-icon--success' : 'p-icon--copy'}
          aria-hidden="true"
        />
        {label && <span>{label}</span>}
      </button>
      <span className="u-off-screen" role="status">
        {outcome ? OUTCOME_TEXT[outcome] : ''}
      </span>
    </>
  );
}
