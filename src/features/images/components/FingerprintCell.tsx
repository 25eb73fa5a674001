import { CopyButton } from '../../../shared/ui/CopyButton';
import { shortFingerprint } from '../model';

/** The short fingerprint with a button copying the full one (a failure shows in its title). */
export function FingerprintCell({ fingerprint }: { fingerprint: string }) {
  const short = shortFingerprint(fingerprint);
  return (
    <span className="images-fingerprint">
      <code title={fingerprint}>{short}</code>
      <CopyButton
        value={fingerprint}
        what={`fingerprint ${short}`}
        className="images-fingerprint__copy"
      />
    </span>
  );
}
