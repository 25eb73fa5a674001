import { useEffect, useState } from 'react';

/**
 * A button copying `value` to the clipboard; its accessible name is "Copy {what}". The icon turns
 * into a tick once copied, and a status line reads the outcome out.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(null);
    }, 2000);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        className="p-button--base is-dense has-icon bucket-copy"
        aria-label={`Copy ${what}`}
        title={copied === 'failed' ? 'Copy failed' : `Copy ${what}`}
        onClick={() => void copy()}
      >
        <i className={copied === 'yes' ? 'p-icon--success' : 'p-icon--copy'} aria-hidden="true" />
      </button>
      <span className="u-off-screen" role="status">
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : ''}
      </span>
    </>
  );
}
