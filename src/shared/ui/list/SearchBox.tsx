import { useId, type ReactNode } from 'react';

export interface SearchChips {
  /** The terms of a search, each shown as a removable chip. */
  tokenize: (value: string) => readonly { raw: string }[];
  /** The search without its `index`th term. */
  remove: (value: string, index: number) => string;
}

/** A list's search box (Vanilla search pattern), with optional help and filter chips. */
export function SearchBox({
  label,
  placeholder = 'Search',
  help,
  chips,
  value,
  onChange,
}: {
  /** Accessible name ("Search and filter instances"). */
  label: string;
  placeholder?: string | undefined;
  help?: ReactNode;
  chips?: SearchChips | undefined;
  value: string;
  onChange: (next: string) => void;
}) {
  const inputId = useId();
  const helpId = useId();
  const tokens = chips ? chips.tokenize(value) : [];
  return (
    <div className="list-search">
      <form
        className="p-search-box"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <label className="u-off-screen" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          className="p-search-box__input"
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={help ? helpId : undefined}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <button
          type="reset"
          className="p-search-box__reset"
          onClick={() => {
            onChange('');
          }}
        >
          <i className="p-icon--close">Clear search</i>
        </button>
        <button type="submit" className="p-search-box__button" tabIndex={-1}>
          <i className="p-icon--search">Search</i>
        </button>
      </form>
      {help && (
        <p className="p-form-help-text list-search__help" id={helpId}>
          {help}
        </p>
      )}
      {chips && tokens.length > 0 && (
        <ul className="list-search__chips" aria-label="Active filters">
          {tokens.map((token, index) => (
            <li key={`${token.raw}-${String(index)}`}>
              <span className="p-chip is-dense">
                <span className="p-chip__value">{token.raw}</span>
                <button
                  type="button"
                  className="p-chip__dismiss"
                  aria-label={`Remove filter ${token.raw}`}
                  onClick={() => {
                    onChange(chips.remove(value, index));
                  }}
                >
                  <i className="p-icon--close" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
