/**
 * "Bulk actions at once per server" (1–32, 4 by default): this browser's preference, kept in
 * localStorage and applied to the running queue at once.
 */
import { useId, useState } from 'react';
import { CONCURRENCY_KEY, concurrencyError, MAX_CONCURRENCY, MIN_CONCURRENCY } from './concurrency';
import { useBulkQueue } from './react';

export function ConcurrencySetting({ storage = window.localStorage }: { storage?: Storage }) {
  const queue = useBulkQueue();
  const [text, setText] = useState(() => String(queue.getConcurrency()));
  const [saved, setSaved] = useState(false);
  const id = useId();
  const error = concurrencyError(text);
  return (
    <form
      className="bulk-concurrency"
      onSubmit={(event) => {
        event.preventDefault();
        if (error !== undefined) return;
        const value = Number(text.trim());
        queue.setConcurrency(value);
        try {
          storage.setItem(CONCURRENCY_KEY, String(value));
        } catch {
          // Kept for this page only.
        }
        setSaved(true);
      }}
    >
      <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
        <label htmlFor={id}>Bulk actions at once per server</label>
        <div className="bulk-concurrency__row">
          <input
            id={id}
            className="p-form-validation__input"
            type="number"
            inputMode="numeric"
            min={MIN_CONCURRENCY}
            max={MAX_CONCURRENCY}
            value={text}
            aria-invalid={error !== undefined}
            aria-describedby={`${id}-message`}
            onChange={(event) => {
              setText(event.target.value);
              setSaved(false);
            }}
          />
          <button type="submit" className="p-button is-dense" disabled={error !== undefined}>
            Apply
          </button>
        </div>
        <p
          id={`${id}-message`}
          className={error ? 'p-form-validation__message' : 'p-form-help-text'}
          role={error ? 'alert' : 'status'}
        >
          {error ??
            (saved
              ? `Saved: ${String(queue.getConcurrency())} at once per server.`
              : 'How many changes of a bulk action run at once on one server (1 to 32, 4 by default), in this browser.')}
        </p>
      </div>
    </form>
  );
}
