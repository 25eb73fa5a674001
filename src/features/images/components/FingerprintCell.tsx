import { useEffect, useState } from 'react';
import { shortFingerprint } from '../model';

/** The short fingerprint with a button copying the full one (a failure shows in its title). */
export function FingerprintCell({ fingerprint }: { fingerprint: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const short = shortFingerprint(fingerprint);

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
      await navigator.clipboard.writeText(fingerprint);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <span className="images-fingerprint">
      <code title={fingerprint}>{short}</code>
      <button
        type="button"
        className="p-button--base is-dense has-icon images-fingerprint__copy"
        aria-label={`Copy fingerprint ${short}`}
        title={copied === 'failed' ? 'Copy failed' : 'Copy the full fingerprint'}
        onClick={() => void copy()}
      >
        <i className={copied === 'yes' ? 'p-icon--success' : 'p-icon--copy'} aria-hidden="true" />
      </button>
      {/* Read out, not shown: the icon turns into a tick once copied (the cell is one line). */}
      <span className="u-off-screen" role="status">
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : ''}
      </span>
    </span>
  );
}
