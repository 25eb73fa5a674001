/** The console's own preferences of this browser (not the server's): the bulk queue's limit. */
import { useId } from 'react';
import { ConcurrencySetting } from '../../../shared/bulk-queue';

export function ConsolePreferences() {
  const headingId = useId();
  return (
    <section className="console-preferences" aria-labelledby={headingId}>
      <h2 className="p-heading--4" id={headingId}>
        Console preferences
      </h2>
      <p className="u-text--muted">Kept in this browser; they do not change the server.</p>
      <ConcurrencySetting />
    </section>
  );
}
